import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { groupAlive } from "../support/dev-server.ts";
import { orderForm, postOrder } from "../support/orders.ts";

// `npm run dev` is the production front with Vite's middleware in place of the built browser files
// (server/index.ts): a developer sees the security headers, body limits, same-origin check and
// canonical redirects visitors get. Before, it was `react-router dev`, which never loaded the front.

const root = path.resolve(import.meta.dirname, "../..");

test("npm run dev answers through the production front, and stops when its test run is killed", async () => {
  // The dev server is started by a process standing in for the test run (dev-server-owner.ts), so
  // that killing it outright shows the watchdog takes the dev server down too.
  const owner = spawn(process.execPath, ["tests/support/dev-server-owner.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  owner.stderr!.on("data", (chunk) => (output += chunk));
  const started = await new Promise<{ url: string; group: number }>((resolve, reject) => {
    let line = "";
    owner.stdout!.on("data", (chunk) => {
      line += chunk;
      if (line.includes("\n")) resolve(JSON.parse(line.slice(0, line.indexOf("\n"))) as { url: string; group: number });
    });
    owner.once("exit", (code) => reject(new Error(`the dev server did not start (${code}):\n${output}`)));
  });
  const { url, group } = started;
  try {
    const page = await fetch(`${url}/short-videos`);
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    // Rendered by the development build: its CSS comes from Vite, not from build/client.
    expect(await page.text()).toContain("/@react-router/critical.css");

    // The front refuses before the app reads a byte: its plain answers, with the same headers.
    const huge = await postOrder(url, "test-workflow", "en", orderForm({ comments: "x".repeat(70_000) }));
    expect(huge.status).toBe(413);
    expect(huge.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await huge.text()).toBe("Request body too large");
    const crossSite = await postOrder(url, "test-workflow", "en", orderForm(), {
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toBe("Cross-site form submissions are not accepted");

    const shouted = await fetch(`${url}/SHORT-VIDEOS`, { redirect: "manual" });
    expect(shouted.status).toBe(301);
    expect(shouted.headers.get("location")).toBe("/short-videos");
  } finally {
    // Killed with no chance to clean up, as a run killed by a time limit: the watchdog stops the
    // whole `npm run dev` group (npm, its shell, the server).
    owner.kill("SIGKILL");
  }
  let stopped = false;
  // Generous: the watchdog looks once a second, and a loaded machine schedules it late.
  for (let tries = 0; tries < 600 && !stopped; tries++) {
    stopped =
      !groupAlive(group) &&
      (await fetch(`${url}/healthz`).then(
        () => false,
        () => true,
      ));
    if (!stopped) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!stopped) process.kill(-group, "SIGKILL");
  expect(stopped, "the dev server outlived its test run").toBe(true);
}, 600_000);
