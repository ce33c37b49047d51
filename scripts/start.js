// `npm start`: build when the sources are newer than the build, then serve the production build.
import "./require-node.js";
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfStale } from "./build-state.js";
import { SERVER_NODE_FLAGS } from "./server-flags.js";

const root = path.resolve(import.meta.dirname, "..");
if (!buildIfStale(root)) process.exit(1);

// The server runs in its own process, with its V8 flags (scripts/server-flags.js); signals reach it.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/index.js"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
