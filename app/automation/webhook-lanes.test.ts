import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";
import { paidTestOrder } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import { WebhooksOutWorker } from "./webhook-worker.server.ts";

// Each endpoint is sent its events on a lane of its own: a receiver that never answers keeps only
// its own deliveries waiting (until the time limit), never another endpoint's.

const repo = storesPerTest();
const secret = () => `whsec_${randomBytes(32).toString("base64")}`;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0))
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
});

/** A local receiver; `hang` never answers (the request waits until the sender gives up). */
async function receiver(hang: boolean, key: string) {
  const got: Array<{ at: number; type: string; apiVersion: string; orderId: string }> = [];
  const verifier = new Webhook(key);
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const payload = verifier.verify(body, {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      }) as { type: string; apiVersion: string; data: { orderId: string } };
      got.push({ at: Date.now(), type: payload.type, apiVersion: payload.apiVersion, orderId: payload.data.orderId });
      if (!hang) response.end("ok");
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

describe("one lane per endpoint", () => {
  test("a hanging endpoint does not delay another endpoint's events by more than a second", async () => {
    const [slowKey, fastKey] = [secret(), secret()];
    const slow = await receiver(true, slowKey);
    const fast = await receiver(false, fastKey);
    // The hanging one first, so a batch sent one by one would start with it.
    await repo.addWebhookEndpoint("wh_slow", slow.url, slowKey);
    await repo.addWebhookEndpoint("wh_fast", fast.url, fastKey);
    const orders = [await paidTestOrder(repo), await paidTestOrder(repo), await paidTestOrder(repo)];

    const worker = new WebhooksOutWorker({
      repo,
      secretOf: () => undefined,
      publicOrigin: "https://studio.example.net",
      send: { publicOnly: false, timeoutMs: 5_000, maxResponseBytes: 4_096 },
      backoffMs: 60_000,
      maxBackoffMs: 60_000,
      pollMs: 50,
      leaseMs: 60_000,
      pauseAfterMs: 3_600_000,
    });
    const started = Date.now();
    worker.start();
    try {
      while (fast.got.length < 3 && Date.now() - started < 4_000) await new Promise((r) => setTimeout(r, 20));
      // From the moment the hanging endpoint was called (the worker's first claim is behind us):
      // sent one by one, the fast endpoint would wait out the 5 s time limit first.
      expect(slow.got).toHaveLength(1);
      const tookMs = Math.max(...fast.got.map((event) => event.at)) - slow.got[0]!.at;
      expect(fast.got.map((event) => event.orderId).sort()).toEqual(orders.map((order) => order.id).sort());
      expect(tookMs, "the fast endpoint's three events").toBeLessThan(1_000);
      expect(fast.got.every((event) => event.type === "order.paid" && event.apiVersion === "v1")).toBe(true);
      // The hanging endpoint got its first request and is still waiting on it, one at a time.
      expect(slow.got).toHaveLength(1);

      // An event recorded while the slow lane is busy still reaches the fast endpoint at once.
      const later = await paidTestOrder(repo);
      const recorded = Date.now();
      worker.kick();
      while (!fast.got.some((event) => event.orderId === later.id) && Date.now() - recorded < 3_000)
        await new Promise((r) => setTimeout(r, 20));
      expect(Date.now() - recorded, "an event recorded while the other endpoint hangs").toBeLessThan(1_000);
      expect(slow.got).toHaveLength(1);
    } finally {
      // The hanging receiver goes away, so the slow lane's requests end now rather than at the time limit.
      servers[0]!.close();
      servers[0]!.closeAllConnections();
      await worker.stop();
    }
    const fastRows = (await repo.listWebhookDeliveries(100)).filter((row) => row.endpointId === "wh_fast");
    expect(fastRows.map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent"]);
  }, 300_000);
});
