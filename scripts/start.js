// `npm start`: build when the sources are newer than the build, then serve the production build.
import "./require-node.js";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./server-flags.js";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build/server/index.js");
const sources = ["app", "server", "locales", "public", "config", "package.json", "vite.config.ts", "react-router.config.ts"];

function newest(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) max = Math.max(max, newest(path.join(entry, child)));
  return max;
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (built < Math.max(...sources.map(newest))) {
  console.log(built ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs in its own process, with its V8 flags (scripts/server-flags.js); signals reach it.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/index.js"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
