import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orderForm, payInSandbox, readStore, waitFor } from "../support/orders.ts";
import { startServer, type RunningServer } from "../support/server.ts";

/**
 * The small things an owner meets on the first day: the browser's /favicon.ico answers, the
 * start-up line names the file storage, the log says an email was written to a file when no SMTP
 * server is set (not "sent"), and `npm run orders` lists the LA- references the customers quote.
 */
const root = path.resolve(import.meta.dirname, "../..");
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info", ORDER_RATE_LIMIT: "0", OUTBOX_POLL_MS: "100" });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

describe("the owner's first day", () => {
  test("/favicon.ico answers with an icon", async () => {
    const res = await fetch(`${server.url}/favicon.ico`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    // An ICO file: reserved 0, type 1, at least one image.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
  });

  test("the start-up line names the file storage; a file mailer's email is logged as written, not sent; the CLI lists references", async () => {
    await payInSandbox(server.url, "test-workflow", "fr", orderForm({ email: "first-day@example.com" }));
    const lines = () =>
      server
        .logs()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    await waitFor(() => lines().some((line) => line.kind === "confirmation"));
    const started = lines().find((line) => line.msg === "order services started");
    expect(started).toMatchObject({ files: "disk", mailer: "file" });
    const confirmation = lines().find((line) => line.kind === "confirmation")!;
    expect(confirmation.msg).toMatch(/written to a file/);
    expect(lines().some((line) => line.msg === "email sent")).toBe(false);

    const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === "first-day@example.com")!;
    expect(order.reference).toMatch(/^[A-Z0-9]{1,3}-\d{4,}$/);
    const cli = spawnSync(process.execPath, ["scripts/orders.ts"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: "utf8",
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout.split("\n")[0]).toMatch(/^created\s+reference\s+id/);
    expect(cli.stdout).toContain(order.reference);
  });
});
