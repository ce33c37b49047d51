// `node server/index.js`: the one way to start the site (Docker, `npm start`, the tests). Plain
// JavaScript on purpose: a Node older than 22.22 cannot even load a .ts file (it fails with a stack
// trace before any code runs), so this file first hands over to scripts/require-node.js, which
// says so in one line and re-runs the command under Node 24, exactly as `npm run orders` does.
import "../scripts/require-node.js";

await import("./index.ts");
