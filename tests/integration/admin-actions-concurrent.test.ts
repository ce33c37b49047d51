import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { openStores } from "../../app/stores.server.ts";
import { AdminClient, ownerReset, setUpOwner } from "../support/admin.ts";
import { orderForm, postForm, postOrder, SANDBOX_PAY } from "../support/orders.ts";
import { startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { testPostgres } from "../support/store.ts";

// Back-office actions that say what they did. Ten concurrent "mark delivered" and
// ten concurrent "resend" posts (the owner's double taps, a flaky network's retries), on one SQLite
// instance and spread over two instances sharing PostgreSQL: each answer is true, and what is
// stored matches the answers.

const admin = JSON.parse(fs.readFileSync(path.resolve("locales/en/admin.json"), "utf8"));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const PASSWORD = "correct horse battery staple";
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
});

async function start(env: Record<string, string> = {}) {
  // OWNER_LANG: the back office's language (the browser's does not move it).
  const server = await startServer({
    LOG_LEVEL: "silent",
    ORDER_RATE_LIMIT: "0",
    OWNER_LANG: "en",
    ...env,
    DATA_DIR: tempDataDir(),
  });
  servers.push(server);
  return server;
}

async function paidOrderId(base: string): Promise<string> {
  const created = await postOrder(base, "formateur-ia", "en", orderForm({ email: `twice-${Date.now()}@example.com` }));
  expect(created.status).toBe(303);
  const paid = await postForm(base + created.headers.get("location")!, SANDBOX_PAY);
  expect(paid.status).toBe(303);
  const thankYou = await fetch(base + paid.headers.get("location")!);
  expect(thankYou.status).toBe(200);
  const sessionId = new URL(paid.headers.get("location")!, base).searchParams.get("session_id")!;
  return decodeURIComponent(sessionId);
}

/** Each post's answer: "delivered"/"resent" (303 to ?done=…) or the error shown (409). */
async function answers(clients: AdminClient[], orderId: string, form: (i: number) => Record<string, string>) {
  return Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const res = await clients[i % clients.length]!.post(`/admin/orders/${orderId}`, form(i), {
        headers: { "Accept-Language": "en" },
      });
      if (res.status === 303) return new URL(res.headers.get("location")!, "http://x").searchParams.get("done")!;
      expect(res.status).toBe(409);
      const body = await res.text();
      return Object.keys(admin.errors).find((key) => body.includes(html(admin.errors[key]))) ?? `status ${res.status}`;
    }),
  );
}

async function scenario(instances: RunningServer[], databaseUrl?: string) {
  const [first] = instances;
  const { client } = await setUpOwner(first!.url, ownerReset(first!.dataDir, first!.url, databaseUrl), PASSWORD);
  // The same signed-in session on every instance.
  const clients = instances.map((server) => Object.assign(new AdminClient(server.url), { cookie: client.cookie }));
  const sessionId = await paidOrderId(first!.url);
  const repo = await openStores({ DATA_DIR: first!.dataDir, DATABASE_URL: databaseUrl });
  try {
    const order = (await repo.listOrders(100)).find((o) => o.sessionId === sessionId)!;

    const delivered = await answers(clients, order.id, (i) => ({
      intent: "outside",
      confirm: "yes",
      note: `note ${i}`,
    }));
    expect(delivered.filter((a) => a === "delivered")).toHaveLength(1);
    // A subscription (formateur-ia) is delivered once per billing period: the twins are told this period is done.
    expect(delivered.filter((a) => a === "alreadyDeliveredPeriod")).toHaveLength(9);
    const events = (await repo.listOrderEvents(order.id)).filter((event) => event.kind === "delivered");
    expect(events).toHaveLength(1);
    // The stored note is the winner's.
    expect(events[0]!.detail).toBe(`note ${delivered.indexOf("delivered")}`);
    expect((await repo.listEmails(order.id)).filter((email) => email.kind.startsWith("work-delivered."))).toHaveLength(
      1,
    );

    const resent = await answers(clients, order.id, () => ({ intent: "resend" }));
    const queued = (await repo.listEmails(order.id)).filter((email) => email.kind.startsWith("admin-resend-"));
    const logged = (await repo.listOrderEvents(order.id)).filter((event) => event.kind === "resend_requested");
    expect(resent.filter((a) => a === "resent").length).toBeGreaterThan(0);
    // As many "resent" answers as copies queued and timeline entries; every other answer says a copy waits.
    expect(resent.filter((a) => a === "resent")).toHaveLength(queued.length);
    expect(logged).toHaveLength(queued.length);
    expect(resent.filter((a) => a !== "resent").every((a) => a === "alreadyQueued")).toBe(true);
  } finally {
    await repo.close();
  }
}

describe("ten concurrent posts of each action", () => {
  test("one instance on SQLite", async () => {
    await scenario([await start()]);
  }, 300_000);

  test("two instances sharing PostgreSQL", async () => {
    const url = await (await testPostgres()).createDatabase();
    const instances = [await start({ DATABASE_URL: url }), await start({ DATABASE_URL: url })];
    await scenario(instances, url);
  }, 300_000);
});
