import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { waitFor, paidSandboxOrder } from "../support/orders.ts";
import { startServer, type RunningServer } from "../support/server.ts";

/**
 * LONG (about 75 s): uploads are cut when their bytes stop, not after a total time. A brief sent
 * through a throttled socket for 72 s (a slow line) is stored; one that stops sending is cut
 * (the connection closed, nothing stored) once it has been silent for the server's idle limit
 * (30 s). The server once bounded the whole request to 30 s, dropping every slow upload.
 */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const SEND_FOR_MS = 72_000;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0", OUTBOX_POLL_MS: "100" });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const storedFiles = (orderId: string) => {
  const dir = path.join(server.dataDir, "files", "orders", orderId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

const paidOrder = (email: string) => paidSandboxOrder(server, "short-videos", "en", email);

/** The brief's multipart body as a browser sends it: some text and a 600 KB image. */
async function briefBody() {
  const form = new FormData();
  form.set("brief", "Sent over a very slow line.");
  form.append("files", new Blob([new Uint8Array(Buffer.concat([PNG, Buffer.alloc(600_000)]))]), "slow.png");
  const request = new Request("http://x/", { method: "POST", body: form });
  return { bytes: Buffer.from(await request.arrayBuffer()), type: request.headers.get("content-type")! };
}

/**
 * Sends the request's head, then the body in `steps` equal parts, one each `everyMs`; stops after
 * `stopAfter` parts (the rest never comes). Resolves with the status line (or "" when the server
 * closed the connection without one) and when the connection closed.
 */
function throttled(
  target: string,
  body: { bytes: Buffer; type: string },
  steps: number,
  everyMs: number,
  stopAfter = steps,
) {
  return new Promise<{ status: string; closedAt: number; lastByteAt: number }>((resolve) => {
    const socket = net.connect(server.port, "127.0.0.1");
    const answer: Buffer[] = [];
    let lastByteAt = Date.now();
    socket.on("data", (chunk) => answer.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({
        status: Buffer.concat(answer).toString("latin1").split("\r\n")[0] ?? "",
        closedAt: Date.now(),
        lastByteAt,
      });
    });
    socket.write(
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n` +
        `Content-Type: ${body.type}\r\nContent-Length: ${body.bytes.length}\r\n\r\n`,
    );
    const size = Math.ceil(body.bytes.length / steps);
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= stopAfter || socket.destroyed) return clearInterval(timer);
      socket.write(body.bytes.subarray(sent * size, (sent + 1) * size));
      lastByteAt = Date.now();
      sent += 1;
    }, everyMs);
  });
}

test(
  "a brief trickling in for 72 s is stored; one that stops sending is cut after the idle limit and stores nothing",
  { timeout: 240_000 },
  async () => {
    const slow = await paidOrder("slow-line@example.com");
    const stalled = await paidOrder("stalled-line@example.com");
    const body = await briefBody();
    const started = Date.now();
    const [kept, cut] = await Promise.all([
      throttled(slow.page, body, SEND_FOR_MS / 1000, 1000),
      // A third of the body, then silence.
      throttled(stalled.page, body, 30, 1000, 10),
    ]);
    // The slow one took over 60 s and was answered as any brief: saved, the page follows.
    expect(kept.lastByteAt - started).toBeGreaterThan(60_000);
    expect(kept.status).toMatch(/^HTTP\/1\.1 303/);
    expect(storedFiles(slow.order.id)).toHaveLength(1);
    // The stalled one: closed by the server some time after its last byte (the idle limit, 30 s),
    // never answered as saved, and its partial file is gone.
    expect(cut.status).not.toMatch(/^HTTP\/1\.1 303/);
    expect(cut.closedAt - cut.lastByteAt).toBeGreaterThanOrEqual(25_000);
    await waitFor(() => storedFiles(stalled.order.id).length === 0, 10_000, "the partial file removed");
    const page = await (await fetch(server.url + stalled.page)).text();
    expect(page).not.toContain("slow.png");
  },
);
