import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { OFFER_IDS } from "../app/content/offers.ts";
import type { RequestInfo } from "../app/lib/request-context.ts";
import { orderPath } from "../app/i18n/site-map.ts";
import { createKeptPages } from "./kept-pages.ts";

let server: http.Server | undefined;
afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));

/**
 * A front made of the kept pages alone: the first look (fromMemory), then serve(), else "live".
 * `render` is what React Router would answer; every render and its request information are recorded.
 */
async function front(options: { status?: number; paidKey?: string | null } = {}) {
  const renders: Array<{ url: string; lang: string | null; info: RequestInfo }> = [];
  const answeredBy: string[] = [];
  const kept = createKeptPages({
    render: async (request, info) => {
      renders.push({ url: request.url, lang: request.headers.get("accept-language"), info });
      return new Response(`<p>${info.nonce}|${info.formToken}</p>`, {
        status: options.status ?? 200,
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    },
    paidThankYouKey: async (sessionId, lang) =>
      options.paidKey == null ? null : `${options.paidKey}|${sessionId}|${lang}`,
    secureCookies: false,
    isHttps: () => false,
  });
  server = http.createServer(async (req, res) => {
    if (kept.fromMemory(req, res, "r")) return void answeredBy.push("memory");
    const url = new URL(req.url!, "http://localhost");
    if (await kept.serve(req, res, url, false, "r")) return void answeredBy.push("kept");
    answeredBy.push("live");
    res.end("live");
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(base + path, { headers: { "accept-encoding": "identity", ...headers } }).then((res) => res.text());
  return { get, renders, answeredBy };
}

test("a marketing page is rendered once per language, then answered by the first look from memory", async () => {
  const { get, renders, answeredBy } = await front();
  const first = await get("/", { "accept-language": "en" });
  const second = await get("/", { "accept-language": "en" });
  expect(second).toBe(first);
  await get("/", { "accept-language": "de" });
  expect(answeredBy).toEqual(["kept", "memory", "kept"]);
  // The render's request names only the language: the same for every visitor of it.
  expect(renders.map((r) => [r.url, r.lang])).toEqual([
    ["http://localhost/", "en"],
    ["http://localhost/", "de"],
  ]);
  // No holes in a marketing page: no nonce, no form token, the same bytes for all.
  expect(renders[0]!.info).toMatchObject({ nonce: "", formToken: "" });
});

test("a query string, an unknown path or a cancelled order form is not kept: rendered live", async () => {
  const { get, renders, answeredBy } = await front();
  const offer = OFFER_IDS[0]!;
  for (const path of ["/?utm=x", "/no-such-page", `${orderPath(offer, "fr")}&cancelled=1`]) await get(path);
  expect(answeredBy).toEqual(["live", "live", "live"]);
  expect(renders).toEqual([]);
});

test("the order form as the site links it is kept with a hole: each answer has its own form token", async () => {
  const { get, renders, answeredBy } = await front();
  const path = orderPath(OFFER_IDS[0]!, "en");
  const [a, b] = [await get(path), await get(path)];
  expect(answeredBy).toEqual(["kept", "memory"]);
  expect(renders).toHaveLength(1);
  const token = (body: string) => body.split("|")[1];
  expect(token(a)).not.toBe(token(b));
  expect(token(a)).toMatch(/^[0-9a-f-]{36}<\/p>$/);
});

test("a render that is not a 200 is not kept: the request goes live", async () => {
  const { get, answeredBy } = await front({ status: 404 });
  await get("/");
  expect(answeredBy).toEqual(["live"]);
});

test("a paid order's thank-you page is kept by its key, with a nonce per answer; an unpaid one goes live", async () => {
  const unpaid = await front({ paidKey: null });
  await unpaid.get("/thank-you?session_id=cs_1");
  expect(unpaid.answeredBy).toEqual(["live"]);
  await new Promise((resolve) => server!.close(resolve));

  const paid = await front({ paidKey: "order-1" });
  const [a, b] = [await paid.get("/thank-you?session_id=cs_1"), await paid.get("/thank-you?session_id=cs_1")];
  // Never answered before the database was asked: the first look does not serve thank-you pages.
  expect(paid.answeredBy).toEqual(["kept", "kept"]);
  expect(paid.renders).toHaveLength(1);
  expect(a.split("|")[0]).not.toBe(b.split("|")[0]);
  // A session id of another shape, or another query, is never looked up.
  await paid.get("/thank-you?session_id=cs_1&x=1");
  await paid.get("/thank-you?session_id=bad%20id");
  expect(paid.answeredBy.slice(2)).toEqual(["live", "live"]);
});
