import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { freePort, startServer, tempDataDir } from "../tests/support/server.ts";

// `node server/index.js`, the documented way to start the site, on a Node older
// than 22.22 gives the one line `npm run orders` gives (then runs under Node 24), never a stack trace.

const root = path.resolve(import.meta.dirname, "..");

/**
 * How to run a Node older than 22: the machine's own when it has one (Debian's is 20), else this
 * Node pretending to be 20.19.0 (tests/support/pretend-old-node.js).
 */
function oldNode(): { command: string; args: string[]; env: Record<string, string>; version: string } {
  for (const candidate of ["/usr/bin/node", "/usr/local/bin/node", "/bin/node"]) {
    const version = spawnSync(candidate, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout?.trim();
    if (version && Number(version.split(".")[0]) < 22) return { command: candidate, args: [], env: {}, version };
  }
  const version = "20.19.0";
  return {
    command: process.execPath,
    args: ["--import", "./tests/support/pretend-old-node.js"],
    env: { PRETEND_NODE_VERSION: version },
    version,
  };
}

/** A Node 24 cache as scripts/require-node.js expects it, holding the Node running these tests. */
function cacheWithThisNode(): string {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), "node24-cache-"));
  fs.mkdirSync(path.join(cache, "node_modules/node/bin"), { recursive: true });
  fs.symlinkSync(process.execPath, path.join(cache, "node_modules/node/bin/node"));
  return cache;
}

const old = oldNode();
const tooOld = (cache: string) =>
  `Node ${old.version} is too old for this site (22.22+): running under Node 24 from ${cache}`;

function runOld(script: string[], env: Record<string, string>) {
  return spawn(old.command, [...old.args, ...script], {
    cwd: root,
    // Its own process group: the Node 24 re-run is stopped with it.
    detached: true,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...old.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

describe("starting the site on an old Node", () => {
  test("node server/index.js: the same one line as npm run orders, then the site runs under Node 24", async () => {
    const cache = cacheWithThisNode();
    const port = await freePort();
    const server = runOld(["server/index.js"], {
      NODE24_CACHE: cache,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: tempDataDir(),
      LOG_LEVEL: "silent",
    });
    let stderr = "";
    server.stderr!.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    try {
      let healthy = false;
      for (let tries = 0; tries < 200 && !healthy && server.exitCode === null; tries++) {
        healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (res) => res.ok,
          () => false,
        );
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(healthy, stderr).toBe(true);
    } finally {
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }
    expect(stderr.split("\n")[0]).toBe(tooOld(cache));
    expect(stderr).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION|\n\s+at /);

    const orders = spawnSync(old.command, [...old.args, "scripts/run.js", "scripts/orders.ts", "--help"], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...old.env, NODE24_CACHE: cache },
      encoding: "utf8",
    });
    expect(orders.stderr.split("\n")[0]).toBe(stderr.split("\n")[0]);
    expect(orders.status).toBe(0);
  }, 300_000);

  test("without Node 24 at hand (and none to download): that line, what to do, exit 1, no stack trace", async () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "node24-empty-"));
    // npm may not reach a registry: offline, with an empty package cache, the install fails at once.
    const registry = "http://127.0.0.1:9/";
    const child = runOld(["server/index.js"], {
      NODE24_CACHE: cache,
      npm_config_offline: "true",
      npm_config_cache: path.join(cache, "npm"),
      npm_config_registry: registry,
    });
    let stderr = "";
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
    expect(stderr.split("\n")[0]).toBe(tooOld(cache));
    // Before the wait: what is downloaded, from where, to where.
    expect(stderr.split("\n")[1]).toMatch(
      new RegExp(`^Downloading Node 24 \\(the npm package node@24.*\\) from ${registry} into ${cache}`),
    );
    expect(stderr).toContain(`Could not install Node 24 into ${cache}: install Node 24 (see .nvmrc) and retry.`);
    expect(stderr).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION|\n\s+at /);
    expect(code).toBe(1);
  }, 300_000);

  test("npm run dev, build and every test script make the same version check: dev on an old Node says so, then serves under Node 24", async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    for (const name of ["start", "dev", "build", "test", "test:unit", "test:e2e"]) {
      const script = /^node ((?:scripts|tools)\/[\w-]+\.js)\b/.exec(pkg.scripts[name] ?? "")?.[1];
      expect(script, `npm run ${name}: ${pkg.scripts[name]}`).toBeDefined();
      expect(fs.readFileSync(path.join(root, script!), "utf8"), script).toMatch(
        /^import "(\.\/|\.\.\/scripts\/)require-node\.js";$/m,
      );
    }
    const cache = cacheWithThisNode();
    const port = await freePort();
    const [, ...args] = pkg.scripts.dev!.split(" ");
    const dev = runOld(args, {
      NODE24_CACHE: cache,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: tempDataDir(),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "silent",
    });
    let stderr = "";
    dev.stderr!.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => dev.once("exit", (code) => resolve(code)));
    let status = 0;
    try {
      // The dev server compiles on the first request: generous on a loaded machine.
      for (let tries = 0; tries < 1200 && status !== 200 && dev.exitCode === null; tries++) {
        status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (res) => res.status,
          () => 0,
        );
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      process.kill(-dev.pid!, "SIGTERM");
      await exited;
    }
    expect(status, stderr).toBe(200);
    expect(stderr.split("\n")[0]).toBe(tooOld(cache));
  }, 300_000);

  test("on Node 24, node server/index.js starts the site at once, without that line", async () => {
    const server = await startServer({ LOG_LEVEL: "silent" });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(server.logs()).not.toContain("too old");
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
