import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import { watchProcess } from "./watchdog.ts";

/** The production server with one configuration file (tests/support/server.ts is Vitest-only). */
export async function startSite(siteConfig: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: url,
      LOG_LEVEL: "silent",
      SITE_CONFIG: siteConfig,
      DATA_DIR: fs.mkdtempSync(`${os.tmpdir()}/sweep-`),
    },
    stdio: "ignore",
  });
  // Killed with this process even by SIGKILL (watchdog.ts).
  const watchdog = watchProcess(child.pid!);
  child.once("exit", () => watchdog.cancel());
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return { url, child };
    if (tries > 200) throw new Error("server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
