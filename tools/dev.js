// `npm run dev`: the site's own server (server/index.js) in development mode — Vite's middleware for
// the browser's modules and HMR, the same front as production for everything else (headers, body
// limits, same-origin check, canonical redirects, page-view counts). PORT, HOST, DATA_DIR… as for
// `npm start` (docs/operating.md). The version check first, as every entry point makes it.
import "../scripts/require-node.js";
import { spawn } from "node:child_process";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.js";

const server = path.resolve(import.meta.dirname, "../server/index.js");
// The flags server/index.js asks for in development: the server's own, and react-router's
// development build for Node too (the copy Vite gives the app).
const args = ["--conditions=development", ...SERVER_NODE_FLAGS, server];
const env = { ...process.env, NODE_ENV: "development" };
if (typeof process.execve === "function") {
  // Same pid: Ctrl-C and a test's SIGTERM reach the server itself.
  process.execve(process.execPath, [process.execPath, ...args], env);
}
const child = spawn(process.execPath, args, { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
