// `node tools/node24.js TOOL [args]`: runs a development tool of node_modules/.bin (react-router,
// vitest, playwright) after the version check every entry point makes (scripts/require-node.js).
// Without it `npm run dev` on Node 20 started and then answered every request with a 500 (no
// node:sqlite); now it says so in one line and runs under Node 24, like `npm start`.
import "../scripts/require-node.js";
import { spawn } from "node:child_process";
import path from "node:path";

const [, , tool, ...args] = process.argv;
if (!tool) {
  console.error("Usage: node tools/node24.js TOOL [args…] (a command of node_modules/.bin)");
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, "..");
const bin = path.join(root, "node_modules", ".bin", process.platform === "win32" ? `${tool}.cmd` : tool);
// The tool's `#!/usr/bin/env node` finds this Node first: require-node.js put it first on PATH.
const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` };
const child = spawn(bin, args, { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("error", (error) => {
  console.error(`Cannot run ${tool}: ${error.message} (npm ci first?)`);
  process.exit(1);
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
