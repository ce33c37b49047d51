// Pages served from memory (ADR 002): a paid order's thank-you page is rendered once and then
// served without a render and without a payment-provider call, each response with its own CSP
// nonce; the marketing pages' fast path keeps every security header, a per-request id and its
// log line.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe.ts";
import { orderForm, postOrder, waitFor } from "../support/orders.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const title = (lang: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/order.json`), "utf8")).thankYou.title as string;
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

let stripe: FakeStripe;
let server: RunningServer;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startServer({
    LOG_LEVEL: "info",
    ORDER_RATE_LIMIT: "0",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await stripe?.close();
});

describe("thank-you page of a paid order", () => {
  test("rendered once, then served from memory: no provider call, a fresh nonce in every response", async () => {
    const placed = await postOrder(
      server.url,
      "test-workflow",
      "de",
      orderForm({ email: "memory@example.com", firstName: "Greta" }),
      { headers: { Origin: server.url } },
    );
    expect(placed.status).toBe(303);
    const payUrl = placed.headers.get("location")!;
    const back = (await fetch(`${payUrl}?action=pay`, { redirect: "manual" })).headers.get("location")!;
    expect(back.startsWith(`${server.url}${THANK_YOU_PATHS.de}?session_id=cs_test_`)).toBe(true);

    // The first view finds the order paid at Stripe (one look-up) and marks it paid.
    const first = await fetch(back);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(html(title("de")));
    const callsAfterPayment = stripe.apiRequests;

    const nonces = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await fetch(back);
      const body = await res.text();
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache")).toBe("hit");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(body).toContain(html(title("de")));
      expect(body).toContain("Greta Martin");
      // Every script and preload carries this response's nonce, the one its CSP allows.
      const nonce = nonceOf(res)!;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const inBody = new Set([...body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]));
      expect([...inBody]).toEqual([nonce]);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(20);

    // Another language's thank-you path for the same paid order: its own render, still no provider call.
    const english = await fetch(back.replace(THANK_YOU_PATHS.de, THANK_YOU_PATHS.en));
    expect(await english.text()).toContain(html(title("en")));
    expect(stripe.apiRequests).toBe(callsAfterPayment);
  });

  test("an order not paid yet is not served from memory: the route asks the provider and polls", async () => {
    const placed = await postOrder(server.url, "test-workflow", "en", orderForm({ email: "unpaid@example.com" }), {
      headers: { Origin: server.url },
    });
    const sessionId = new URL(placed.headers.get("location")!).pathname.split("/").pop()!;
    const before = stripe.retrieveRequests;
    const res = await fetch(`${server.url}${THANK_YOU_PATHS.en}?session_id=${sessionId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-page-cache")).toBeNull();
    expect(res.headers.get("refresh")).toMatch(/attempt=1/);
    expect(stripe.retrieveRequests).toBe(before + 1);
  });
});

describe("marketing page served from memory", () => {
  test("repeat requests keep every security header, get their own request id and one log line each", async () => {
    const first = await fetch(`${server.url}/short-videos`);
    await first.arrayBuffer();
    const expected = [...first.headers.keys()]
      .filter((name) => !["date", "x-request-id", "content-encoding"].includes(name))
      .sort();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/short-videos`, { headers: { "Accept-Encoding": i % 2 ? "gzip" : "br" } });
      await res.arrayBuffer();
      expect(res.headers.get("x-page-cache")).toBe("hit");
      for (const name of [
        "content-security-policy",
        "x-content-type-options",
        "referrer-policy",
        "x-frame-options",
        "cross-origin-opener-policy",
        "permissions-policy",
      ]) {
        expect(res.headers.get(name), name).toBe(first.headers.get(name));
      }
      expect(res.headers.get("content-encoding")).toBe(i % 2 ? "gzip" : "br");
      expect(res.headers.get("vary")).toMatch(/Accept-Encoding/);
      // Same header names as the first (rendered) answer.
      expect(
        [...res.headers.keys()].filter((name) => !["date", "x-request-id", "content-encoding"].includes(name)).sort(),
      ).toEqual(expected);
      ids.push(res.headers.get("x-request-id")!);
    }
    expect(new Set(ids).size).toBe(5);
    // Access lines are written in batches (app/lib/logger.server.ts): wait for the last one.
    const lines = await waitFor(() => {
      const all = server
        .logs()
        .split("\n")
        .filter((line) => line.startsWith("{"));
      return all.some((line) => line.includes(`"${ids.at(-1)}"`)) ? all : false;
    }, 20_000);
    for (const id of ids) {
      const mine = lines.filter((line) => line.includes(`"${id}"`)).map((line) => JSON.parse(line));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        level: "info",
        msg: "request",
        reqId: id,
        method: "GET",
        path: "/short-videos",
        status: 200,
        cache: true,
      });
    }
  });

  test("a page asked with a query or in another spelling still takes the full path (redirect, then cache)", async () => {
    await (await fetch(`${server.url}/short-videos`)).arrayBuffer();
    const variant = await fetch(`${server.url}/Short-Videos/`, { redirect: "manual" });
    expect(variant.status).toBe(301);
    expect(variant.headers.get("location")).toBe("/short-videos");
    const german = await fetch(`${server.url}/short-videos`, { headers: { "Accept-Language": "de" } });
    expect(await german.text()).toContain('<html lang="de"');
  });
});
