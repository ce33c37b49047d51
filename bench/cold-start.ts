import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.js";
import { freePort, tempDataDir } from "../tests/support/server.ts";

const root = path.resolve(import.meta.dirname, "..");

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/healthz", agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
  });
}

/** Milliseconds from spawning `node server/index.js` to the first 200 on /healthz (polled every 5 ms). */
export async function coldStart(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/index.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: tempDataDir("bench-cold-"),
      LOG_LEVEL: "silent",
    },
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
      if (await healthy(port)) return Math.round(performance.now() - started);
      if (performance.now() - started > 30_000) throw new Error("server not healthy after 30 s");
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill("SIGKILL");
    await exited;
  }
}
