import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort, tempDataDir } from "./server.ts";
import { watchServer, type Watchdog } from "./watchdog.ts";

const root = path.resolve(import.meta.dirname, "../..");

export interface DevServer {
  url: string;
  /** The process group of `npm run dev` (npm, its shell, the server): all stop together. */
  group: number;
  dataDir: string;
  watchdog: Watchdog;
  logs: () => string;
  /** SIGTERM to the whole group, then wait for npm to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `npm run dev` as a developer does, on a free loopback port with a fresh DATA_DIR, and
 * waits until it answers. npm runs a shell that runs the server: they get their own process group,
 * and the watchdog kills that whole group if this process or its runner dies first.
 */
export async function startDevServer(env: Record<string, string> = {}): Promise<DevServer> {
  const port = await freePort();
  const dataDir = tempDataDir("site-dev-");
  const child = spawn("npm", ["run", "dev"], {
    cwd: root,
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const group = child.pid!;
  const watchdog = watchServer(group, `kill -KILL -${group}`);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Generous: Vite compiles the app on the first request, which takes many seconds at load 30.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited early (${child.exitCode}):\n${output}`);
    const status = await fetch(`${url}/healthz`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      process.kill(-group, "SIGKILL");
      throw new Error(`npm run dev did not become healthy (last status ${status}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    group,
    dataDir,
    watchdog,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) process.kill(-group, "SIGTERM");
      await exited;
      watchdog.cancel();
    },
  };
}

/**
 * Whether any process of the group still runs. On Linux, from /proc: a killed process whose parent
 * died too waits as a zombie until init reaps it, and `kill(-group, 0)` still counts zombies.
 */
export function groupAlive(group: number): boolean {
  if (fs.existsSync("/proc/self/stat")) {
    return fs.readdirSync("/proc").some((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so read after the last ")".
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return Number(pgrp) === group && state !== "Z" && state !== "X";
      } catch {
        return false;
      }
    });
  }
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}
