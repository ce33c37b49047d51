// Plain JavaScript on purpose: it must run on an old Node too. Imported first by every entry point
// (`npm start`, `npm test`, `npm run orders`, …): on a Node older than 22.22 it fetches Node 24 from
// the npm registry once into a cache (the same one .ci/run uses), says so in one line, and runs the
// same command again under it, so `npm ci && npm start` works on any machine with npm.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  const cache = process.env.NODE24_CACHE || path.join(os.homedir(), ".cache", "node24");
  const bin = path.join(cache, "node_modules", "node", "bin");
  const node = path.join(bin, "node");
  console.error(`Node ${process.versions.node} is too old for this site (22.22+): running under Node 24 from ${cache}`);
  if (!fs.existsSync(node)) {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    // Say what is fetched, from where and where to before the wait (a minute on a slow line).
    const registry =
      process.env.npm_config_registry ||
      spawnSync(npm, ["config", "get", "registry"], { encoding: "utf8" }).stdout?.trim() ||
      "the npm registry";
    console.error(
      `Downloading Node 24 (the npm package node@24, with the Node binary for this platform) from ${registry} into ${cache}, once: later runs reuse it (NODE24_CACHE to choose another place; or install Node 24 yourself: nvm use, see .nvmrc)…`,
    );
    const args = ["install", "--prefix", cache, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", "node@24"];
    spawnSync(npm, args, { stdio: ["ignore", "ignore", "inherit"] });
  }
  if (!fs.existsSync(node)) {
    console.error(`Could not install Node 24 into ${cache}: install Node 24 (see .nvmrc) and retry.`);
    process.exit(1);
  }
  // The re-run's own children (npm, react-router, vitest) find Node 24 first on PATH too.
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` };
  const result = spawnSync(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit", env });
  process.exit(result.status ?? 1);
}
