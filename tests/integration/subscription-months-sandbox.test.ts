import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createApiToken } from "../../app/api/tokens.server.ts";
import { openStores } from "../../app/stores.server.ts";
import {
  decodeMail,
  emlFiles,
  orderForm,
  postForm,
  postOrder,
  readStore,
  waitFor,
  SANDBOX_PAY,
} from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteServer } from "../support/suite.ts";

/**
 * The sandbox (the default checkout) bills month by month as Stripe does: a sandbox subscription
 * whose period has ended is renewed by the site itself, through the same path as Stripe's
 * invoice.paid: the renewal email and the next period, with month 2's brief asked first on the
 * customer's page and month 1 below. One whose owner set it to end at the period's end ends.
 */
const server = suiteServer({
  LOG_LEVEL: "silent",
  ORDER_RATE_LIMIT: "0",
  OUTBOX_POLL_MS: "100",
  OWNER_EMAIL: "owner@example.com",
  OWNER_LANG: "en",
  CONTACT_EMAIL: "hello@example.com",
});
const mail = (file: string) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));

async function paidSubscription(email: string) {
  const created = await postOrder(server.url, "short-videos", "en", orderForm({ email }));
  expect(created.status).toBe(303);
  expect((await postForm(server.url + created.headers.get("location")!, SANDBOX_PAY)).status).toBe(303);
  const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === email)!;
  const file = await waitFor(
    () => emlFiles(server.dataDir).find((f) => f === `${order.id}-confirmation.eml`),
    10_000,
    "confirmation",
  );
  const link = new RegExp(`${server.url}(/order/[\\w.-]+)\\?lang=\\w\\w`).exec(mail(file))!;
  return { order, page: `${link[1]}?lang=en` };
}

/** The billing period ends now: as if a month had passed (the sandbox's clock is the site's). */
async function endPeriod(orderId: string, billingState?: "cancelling") {
  const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
  try {
    const ended = new Date(Date.now() - 60_000).toISOString();
    await repo.db
      .updateTable("orders")
      .set({ period_end: ended, ...(billingState ? { billing_state: billingState } : {}) })
      .where("id", "=", orderId)
      .execute();
    return ended;
  } finally {
    await repo.close();
  }
}

describe("sandbox subscriptions, month by month", () => {
  test("a period that has ended is renewed by the site: the renewal email, month 2 with its own brief first, month 1 below", async () => {
    const { order, page } = await paidSubscription("sandbox-months@example.com");
    const form = new FormData();
    form.set("brief", "Month 1: spring gardens");
    expect((await fetch(server.url + page, { method: "POST", body: form, redirect: "manual" })).status).toBe(303);
    expect(await (await fetch(server.url + page)).text()).toMatch(/data-testid="period"[^>]*>Month 1 · /);

    const ended = await endPeriod(order.id);
    const renewed = await waitFor(
      async () => {
        const stored = (await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!;
        return stored.periodEnd !== ended ? stored : undefined;
      },
      15_000,
      "the sandbox's renewal",
    );
    // The same day next month, still active.
    const next = new Date(ended);
    expect(new Date(renewed.periodEnd!).getUTCDate()).toBe(next.getUTCDate());
    expect(new Date(renewed.periodEnd!).getTime() - next.getTime()).toBeGreaterThan(27 * 86_400_000);
    expect(renewed.billingState).toBe("active");
    await waitFor(
      () => emlFiles(server.dataDir).find((f) => f.startsWith(`${order.id}-renewal.`)),
      10_000,
      "renewal email",
    );
    const customer = await (await fetch(server.url + page)).text();
    expect(customer).toMatch(/data-testid="period"[^>]*>Month 2 · /);
    expect(customer).toContain('data-testid="brief-first"');
    const past = customer.indexOf('data-testid="past-periods"');
    expect(past).toBeGreaterThan(0);
    expect(customer.slice(0, past)).not.toContain("spring gardens");
    expect(customer.slice(past)).toContain("Month 1: spring gardens");
    // The month's topics, then the owner's automation reads every month's brief through the API.
    const topics = new FormData();
    topics.set("brief", "Month 2: autumn soups");
    expect((await fetch(server.url + page, { method: "POST", body: topics, redirect: "manual" })).status).toBe(303);
    const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
    const { secret } = await createApiToken(repo, "n8n").finally(() => repo.close());
    for (const key of [order.reference, order.id]) {
      const answer = await fetch(`${server.url}/api/v1/orders/${key}`, {
        headers: { Authorization: `Bearer ${secret}` },
      });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as {
        brief: { text: string };
        periods: Array<{
          number: number;
          current: boolean;
          startsAt: string;
          endsAt: string | null;
          brief: { text: string; files: unknown[] } | null;
        }>;
      };
      // The order's brief is month 1's; each month has its own, with its days.
      expect(body.brief.text).toBe("Month 1: spring gardens");
      expect(body.periods.map((period) => [period.number, period.current, period.brief?.text ?? null])).toEqual([
        [1, false, "Month 1: spring gardens"],
        [2, true, "Month 2: autumn soups"],
      ]);
      expect(body.periods[0]!.endsAt).toBe(ended);
      expect(body.periods[1]!.startsAt).toBe(ended);
      expect(body.periods[1]!.endsAt).toBe(renewed.periodEnd);
    }
    // Renewed once: a later pass finds nothing more to do this month.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!.periodEnd).toBe(renewed.periodEnd);
    expect(emlFiles(server.dataDir).filter((f) => f.startsWith(`${order.id}-renewal.`))).toHaveLength(1);
  });

  test("one set to end at its period's end ends then: its work closes, nothing renewed", async () => {
    const { order, page } = await paidSubscription("sandbox-ending@example.com");
    await endPeriod(order.id, "cancelling");
    await waitFor(
      async () => (await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!.billingState === "cancelled",
      15_000,
      "the end of the subscription",
    );
    expect(emlFiles(server.dataDir).filter((f) => f.startsWith(`${order.id}-renewal.`))).toHaveLength(0);
    expect(await (await fetch(server.url + page)).text()).toContain('data-testid="work-closed"');
    // Closed by the state machine's move (the worker's cancelNow at the period's end), stored with the work.
    const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
    try {
      expect(
        await repo.db
          .selectFrom("work_closures")
          .select(["reason", "event"])
          .where("order_id", "=", order.id)
          .executeTakeFirst(),
      ).toEqual({ reason: "cancelled", event: "cancelNow" });
    } finally {
      await repo.close();
    }
  });
});
