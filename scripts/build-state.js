// Plain JavaScript (read by scripts/start.js before the Node check could matter, and by the test
// runners' set-up). The production build is build/server/index.js; it is stale when any source it
// is made from changed after it. `npm start` and the tests build first then, so neither serves or
// tests an old build after an edit (a wrong home card once passed the browser tests).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the build is made from. */
export const BUILD_SOURCES = [
  "app",
  "server",
  "locales",
  "public",
  "config",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newest(root, entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return { at: 0, file: entry };
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return { at: stat.mtimeMs, file: entry };
  let best = { at: 0, file: entry };
  for (const child of fs.readdirSync(full)) {
    // Colocated tests are not part of the build.
    if (/\.test\.tsx?$/.test(child)) continue;
    const found = newest(root, path.join(entry, child));
    if (found.at > best.at) best = found;
  }
  return best;
}

/** Why the build must be made again (no build, or the newest source file), or undefined when it is fresh. */
export function staleBuild(root) {
  const stamp = path.join(root, "build/server/index.js");
  if (!fs.existsSync(stamp)) return "no build yet";
  const built = fs.statSync(stamp).mtimeMs;
  const source = BUILD_SOURCES.map((entry) => newest(root, entry)).reduce((a, b) => (b.at > a.at ? b : a));
  return source.at > built ? `${source.file} changed since the last build` : undefined;
}

/**
 * Builds (`npm run build`) when the build is stale; says why in one line first. The bundler's own
 * report (a hundred lines of file sizes) is kept back: a good build ends in one line with its time
 * and where it went; a failed one prints the whole output, which holds the reason. Returns false
 * when the build failed.
 */
export function buildIfStale(root, log = console.log) {
  const why = staleBuild(root);
  if (!why) return true;
  log(`Building first: ${why}.`);
  const started = performance.now();
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trimEnd();
    log(
      `${output}${output ? "\n" : ""}The build failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}).`,
    );
    return false;
  }
  log(
    `Built in ${((performance.now() - started) / 1000).toFixed(1)} s into build/ (build/client for browsers, build/server for Node).`,
  );
  return true;
}
