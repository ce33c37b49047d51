// `node server/index.js`: the one way to start the site (Docker, `npm start`, the tests). Plain
// JavaScript on purpose: a Node older than 22.22 cannot even load a .ts file (it fails with a stack
// trace before any code runs), so this file first hands over to scripts/require-node.js, which
// says so in one line and re-runs the command under Node 24, exactly as `npm run orders` does.
import "../scripts/require-node.js";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.js";

// The server's V8 flags live in scripts/server-flags.js only: started without them (the
// Dockerfile's CMD, a bare `node server/index.js`), the process replaces itself with one that has
// them (same pid, so signals and Docker's PID 1 are unchanged; no second process).
// In development (`npm run dev`, tools/dev.js) Node must also load react-router's development build,
// the copy Vite gives the app (`--conditions development`, as React Router's node-custom-server
// template runs it): with two copies, each refuses the other's RouterContextProvider.
const flags =
  process.env.NODE_ENV === "development" ? [...SERVER_NODE_FLAGS, "--conditions=development"] : SERVER_NODE_FLAGS;
const missing = flags.filter((flag) => !process.execArgv.includes(flag));
if (missing.length && typeof process.execve === "function") {
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
    process.env,
  );
}

await import("./index.ts");
