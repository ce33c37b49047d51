import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { waitFor } from "../support/orders.ts";

// The logger writes access lines in batches (app/lib/logger.server.ts): one write per request cost
// as much CPU as answering a page kept in memory. What a batch must not cost: a line lost, a line
// cut by another, an app line (an error) kept waiting behind a quiet period, lines out of order.

const root = path.resolve(import.meta.dirname, "../..");

/** A second Node that loads the logger and runs `body` (JavaScript, with `logger` and `logRequest` in scope). */
function logFrom(body: string) {
  const script = `
    const { logger, logRequest } = await import(${JSON.stringify(path.join(root, "app/lib/logger.server.ts"))});
    const line = (i) => ({ reqId: "r-" + i, method: "GET", path: "/p/" + i, status: 200, ms: 0.1, cache: true });
    ${body}`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, LOG_LEVEL: "info", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const lines = () =>
    out
      .split("\n")
      .filter(Boolean)
      .map((text) => JSON.parse(text) as { msg: string; reqId?: string; level: string });
  return { lines, exited, stop: () => child.kill("SIGKILL") };
}

test("every access line reaches the log whole and in order, the last ones written as the process exits", async () => {
  // 3,000 lines, an app line every 100, then an immediate exit: pino writes what is left on the way out.
  const run = logFrom(`
    for (let i = 0; i < 3000; i++) {
      logRequest(line(i));
      if (i % 100 === 99) logger().warn({ i }, "app line");
    }
    process.exit(0);`);
  expect(await run.exited).toBe(0);
  const lines = run.lines();
  expect(lines.filter((l) => l.msg === "request").map((l) => l.reqId)).toEqual(
    Array.from({ length: 3000 }, (_, i) => `r-${i}`),
  );
  expect(lines.filter((l) => l.msg === "app line")).toHaveLength(30);
  // The app's line after request 99 comes right after it: one stream, never reordered.
  const at = lines.findIndex((l) => l.msg === "app line");
  expect(lines[at - 1]!.reqId).toBe("r-99");
});

test("a few access lines in a quiet moment are written without waiting for more traffic", async () => {
  // Far fewer bytes than a batch, and the process stays up: the periodic flush writes them.
  const run = logFrom(`logRequest(line(1)); logRequest(line(2)); setInterval(() => {}, 1000);`);
  try {
    await waitFor(() => run.lines().length === 2, 20_000, "two access lines");
  } finally {
    run.stop();
  }
});

test("an app line is written at once, with the access lines before it, however few", async () => {
  // Its lines far under a batch, the process then keeps its event loop busy, as a long request
  // would: no timer fires (the periodic flush neither), yet the write the error line started runs
  // on libuv's thread pool. A line kept for the next tick would never show.
  const run = logFrom(`
    logRequest(line(1));
    logger().error("storage failed");
    for (;;);`);
  try {
    const lines = await waitFor(() => (run.lines().length === 2 ? run.lines() : false), 20_000, "two lines");
    expect(lines.map((l) => l.msg)).toEqual(["request", "storage failed"]);
  } finally {
    run.stop();
  }
});
