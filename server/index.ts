// Starts the site from the build; run through server/index.js (`node server/index.js`), which
// checks the Node version first. Imports nothing from app/: the Node front (server/app.ts) is
// bundled with the app into build/server/index.js, so configuration, site map and language
// resolver exist once in the process (docs/architecture.md).
import "./node-env.ts";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const built = path.resolve(import.meta.dirname, "../build/server/index.js");
if (!fs.existsSync(built)) {
  console.error("No build yet: run `npm run build` (or `npm start`, which builds when needed).");
  process.exit(1);
}
await import(pathToFileURL(built).href);
