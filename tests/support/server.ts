import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { staleBuild } from "../../scripts/build-state.js";
import { SERVER_NODE_FLAGS } from "../../scripts/server-flags.js";
import { watchProcess } from "./watchdog.ts";

const root = path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  logs: () => string;
  /** SIGTERM and wait for exit. */
  stop(): Promise<number | null>;
  /** SIGKILL and wait for exit. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export function tempDataDir(prefix = "site-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Starts the production server (`npm run build` must have run) on a free loopback port.
 * Extra env entries override the defaults; DATA_DIR defaults to a fresh temp directory.
 * `readyPath`: the page whose 200 says it is up (/healthz, which needs the database, by default).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { logToFile?: boolean; readyPath?: string } = {},
): Promise<RunningServer> {
  // Vitest's global set-up built it; a source edited since would be tested against the old build.
  const stale = staleBuild(root);
  if (stale) throw new Error(`The build is older than the sources (${stale}): run npm run build`);
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? tempDataDir();
  // Only the PostgreSQL test project gives each server a database; store.ts needs Vitest, so it is
  // loaded only then (Playwright specs start servers with this file too).
  const databaseUrl =
    env.DATABASE_URL ??
    (process.env.TEST_STORE === "postgres" ? await (await import("./store.ts")).databaseUrlFor(dataDir) : undefined);
  let output = "";
  const logFile = options.logToFile ? fs.openSync(path.join(dataDir, "server.log"), "a") : undefined;
  // The production server's V8 flags, as npm start and the Dockerfile run it.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/index.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // A cheaper password hash (scrypt N=2^12 instead of 2^17) so the suite's many sign-ins stay
      // quick on a loaded machine; allowed on plain-http origins without a live key only (start-up
      // refuses it elsewhere). A test of the production cost passes PASSWORD_HASH_LOG2_N: ""
      // (app/auth/password.test.ts asserts that cost).
      ...(env.PUBLIC_ORIGIN?.startsWith("https:") || /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? "")
        ? {}
        : { PASSWORD_HASH_LOG2_N: "12" }),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // The owner's morning email depends on the clock (app/admin/morning.test.ts tests it at set
      // instants): off, so no test's outbox changes with the hour it runs at.
      MORNING_EMAIL_AT: "off",
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    // Load benches log at info, as in production: into a file (DATA_DIR/server.log), not this
    // process's memory.
    stdio: ["ignore", ...(logFile ? [logFile, logFile] : ["pipe", "pipe"])] as ("ignore" | "pipe" | number)[],
  });
  if (logFile !== undefined) fs.closeSync(logFile);
  // Killed with this process even by SIGKILL, which leaves no chance to stop it (watchdog.ts).
  const watchdog = watchProcess(child.pid!);
  child.once("exit", () => watchdog.cancel());
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a start takes half a second on a quiet machine, many on one at load 30, and once
  // over 60 s at load 25 (a browser journey's server, while Vitest ran beside Playwright).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}${options.readyPath ?? "/healthz"}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    logs: () => (logFile === undefined ? output : fs.readFileSync(path.join(dataDir, "server.log"), "utf8")),
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * Runs the server expecting it to refuse to start: its exit code and output. `timeoutMs` only
 * bounds a server that starts after all: a refusal comes in well under a second on a quiet machine
 * but has taken over 20 s at load 30, so the default stays under the test's own timeout
 * (vitest.config.ts) and the test fails with this server's output rather than a bare timeout.
 */
export async function startExpectingExit(
  env: Record<string, string>,
  timeoutMs = 100_000,
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/index.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const watchdog = watchProcess(child.pid!);
  child.once("exit", () => watchdog.cancel());
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    child.kill("SIGKILL");
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output: killed ? `${output}\n(still running after ${timeoutMs} ms: killed)` : output };
}
