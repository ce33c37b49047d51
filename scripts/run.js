// `node scripts/run.js FILE.ts [args]`: runs a TypeScript entry point (npm run orders, bench) on any
// machine. Plain JavaScript, so an old Node reaches require-node.js (which re-runs this command
// under Node 24) instead of failing on the .ts extension with a stack trace.
import "./require-node.js";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [, , file] = process.argv;
if (!file) {
  console.error("Usage: node scripts/run.js FILE.ts [args…]");
  process.exit(2);
}
// The entry point sees the usual argv: [node, FILE.ts, args…].
process.argv.splice(1, 1);
await import(pathToFileURL(path.resolve(file)).href);
