import type http from "node:http";
import { expect, test } from "vitest";
import { crossSiteRefusal, isCrossSitePost } from "./same-origin.ts";

const options = { https: true, publicOrigin: "https://site.example" };
const post = (headers: http.IncomingHttpHeaders) =>
  ({ headers: { host: "site.example", ...headers } }) as http.IncomingMessage;

test("a post from the public origin or the request's own origin is ours", () => {
  expect(isCrossSitePost(post({ origin: "https://site.example" }), "/commander", options)).toBe(false);
  expect(isCrossSitePost(post({ origin: "https://other.local", host: "other.local" }), "/commander", options)).toBe(
    false,
  );
  // No Origin (an old browser, a script): judged by Sec-Fetch-Site when sent.
  expect(isCrossSitePost(post({}), "/commander", options)).toBe(false);
  expect(isCrossSitePost(post({ "sec-fetch-site": "same-origin" }), "/commander", options)).toBe(false);
});

test("another origin, another scheme, an opaque or unparsable origin, or a cross-site fetch is refused with a 403", () => {
  for (const headers of [
    { origin: "https://evil.example" },
    { origin: "http://site.example" },
    { origin: "null" },
    { origin: "::not a url" },
    { "sec-fetch-site": "cross-site" },
  ]) {
    expect(isCrossSitePost(post(headers), "/commander", options)).toBe(true);
    expect(crossSiteRefusal(post(headers), "/commander", options)).toMatchObject({ status: 403 });
  }
});

test("Stripe's webhook is authenticated by its signature instead", () => {
  expect(crossSiteRefusal(post({ origin: "https://evil.example" }), "/webhooks/stripe", options)).toBeNull();
});
