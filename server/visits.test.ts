import type http from "node:http";
import { expect, test } from "vitest";
import { OFFER_IDS } from "../app/content/offers.ts";
import { orderPath } from "../app/i18n/site-map.ts";
import { orderFormPage, pageViews } from "../app/stats/page-views.server.ts";
import { countVisit, liveVisit } from "./visits.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140 Safari/537.36";
const request = (url: string, headers: http.IncomingHttpHeaders = {}, method = "GET") =>
  ({ url, method, headers: { "user-agent": BROWSER, ...headers } }) as http.IncomingMessage;
const counts = () =>
  pageViews
    .take()
    .map(({ page, lang, views }) => [page, lang, views])
    .sort();

test("a browser's 200 or 304 counts once per request, whichever way it was served", () => {
  pageViews.take();
  const req = request("/");
  countVisit(req, 200, ["home", "fr"]);
  // The same request's "finish" after being served from memory: not again.
  countVisit(req, 200, () => ["home", "fr"]);
  countVisit(request("/"), 304, ["home", "en"]);
  expect(counts()).toEqual([
    ["home", "en", 1],
    ["home", "fr", 1],
  ]);
});

test("not counted: other statuses, HEAD, robots, prefetches, pages that name no visit", () => {
  pageViews.take();
  countVisit(request("/"), 404, ["home", "fr"]);
  countVisit(request("/", {}, "HEAD"), 200, ["home", "fr"]);
  countVisit(request("/", { "user-agent": "curl/8" }), 200, ["home", "fr"]);
  countVisit(request("/", { "sec-purpose": "prefetch" }), 200, ["home", "fr"]);
  countVisit(request("/x"), 200, () => undefined);
  expect(counts()).toEqual([]);
});

test("a live render's visit is read from its URL: the page, or the offer's form (not a cancelled draft), and the language", () => {
  const offer = OFFER_IDS[0]!;
  expect(liveVisit(request("/?utm=x", { "accept-language": "de" }))?.[1]).toBe("de");
  expect(liveVisit(request(orderPath(offer, "en")))).toEqual([orderFormPage(offer), "en"]);
  expect(liveVisit(request(`${orderPath(offer, "en")}&cancelled=1`))).toBeUndefined();
  expect(liveVisit(request("/commander?offre=no-such-offer"))).toBeUndefined();
  expect(liveVisit(request("/no-such-page"))).toBeUndefined();
});
