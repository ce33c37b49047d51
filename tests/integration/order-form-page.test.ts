import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ORDER_FORM_FIELDS, type OfferId, type OfferKind } from "../../app/content/offers.ts";
import { consentFields, orderSchema } from "../../app/orders/order-schema.ts";
import { expectSchemaRules } from "../support/form-rules.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { orderForm, postOrder } from "../support/orders.ts";
import { storedState } from "../support/stored.ts";

// The order page ships (ADR 010) no framework (it does not hydrate), its fields carry the schema's
// rules as HTML constraint attributes, and it is served from a template rendered once per
// (offer, language) with a fresh submission token each time.

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1];
/** A GET's status, headers and body as sent (fetch would decompress it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** One offer of each kind sold from the order form (the "custom" kind is a proposal's: app/quotes/). */
const BY_KIND: Record<Exclude<OfferKind, "custom">, OfferId> = {
  test: "test-workflow",
  video: "short-videos",
  agent: "formateur-ia",
};

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0" });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

describe("order page", () => {
  test("does not hydrate: no module scripts, no router data, at most 15 KB of gzipped JavaScript", async () => {
    for (const offer of Object.values(BY_KIND)) {
      const html = await (await fetch(`${server.url}/commander?offre=${offer}&lang=en`)).text();
      expect(html).not.toMatch(/type="module"|rel="modulepreload"|__reactRouter|i18n-resources/);
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      let bytes = 0;
      for (const [, attrs] of scripts) {
        const src = /\bsrc="([^"]+)"/.exec(attrs!)?.[1];
        if (src) {
          const res = await fetch(server.url + src);
          expect(res.status).toBe(200);
          bytes += gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
        } else {
          // Only data blocks inline (the messages for public/forms.js): nothing runs, no nonce needed.
          expect(attrs).toContain('type="application/json"');
        }
      }
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(15 * 1024);
    }
  });

  test("each field carries its schema's rules as constraint attributes, and the script its translated messages", async () => {
    for (const [kind, offer] of Object.entries(BY_KIND) as Array<[OfferKind, OfferId]>) {
      for (const lang of ["fr", "es"]) {
        const html = await (await fetch(`${server.url}/commander?offre=${offer}&lang=${lang}`)).text();
        expectSchemaRules({
          html,
          schema: orderSchema(offer),
          fields: [...ORDER_FORM_FIELDS[kind], ...consentFields(offer)],
          form: "order",
          translations: locale(lang, "order"),
        });
      }
    }
  });

  // How fast the template serves is measured by `npm run bench` (server CPU per page), not here.
  test("served from a template held in memory: a fresh token each time, each token places one order", async () => {
    const offer = "test-workflow";
    const url = `${server.url}/commander?offre=${offer}&lang=en`;
    const first = await (await fetch(url)).text();
    const tokens = new Set<string>();
    const pages = 400;
    for (let batch = 0; batch < pages / 20; batch++) {
      const bodies = await Promise.all(Array.from({ length: 20 }, async () => (await fetch(url)).text()));
      for (const body of bodies) {
        tokens.add(tokenOf(body)!);
        // The same page but for its token.
        expect(body.replace(tokenOf(body)!, "")).toBe(first.replace(tokenOf(first)!, ""));
      }
    }
    expect(tokens.size).toBe(pages);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f-]{36}$/);

    // Kept in memory (server/render-cache.ts: rendered once per offer and language, the token a
    // hole filled per response), gzipped per response for browsers that take it: the same page
    // once decompressed, with a token of its own.
    for (let i = 0; i < 3; i++) {
      const raw = await rawGet(url, { "Accept-Encoding": "gzip" });
      expect(raw.status).toBe(200);
      expect(raw.headers["content-encoding"]).toBe("gzip");
      expect(raw.headers["x-page-cache"]).toBe("hit");
      expect(raw.headers["cache-control"]).toBe("no-store");
      expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
      const page = gunzipSync(raw.body).toString("utf8");
      const token = tokenOf(page)!;
      expect(tokens.has(token)).toBe(false);
      expect(page.replace(token, "")).toBe(first.replace(tokenOf(first)!, ""));
    }
    // A page the site does not keep (back from a cancelled checkout: the visitor's draft) is
    // rendered for its request.
    const live = await rawGet(`${url}&cancelled`, { "Accept-Encoding": "gzip" });
    expect(live.status).toBe(200);
    expect(live.headers["content-encoding"]).toBe("gzip");
    expect(live.headers["x-page-cache"]).toBeUndefined();
    expect(tokenOf(gunzipSync(live.body).toString("utf8"))!).toMatch(/^[0-9a-f-]{36}$/);

    // Without ?lang= the template follows the visitor's language (cookie, then Accept-Language,
    // then French) and says it varies on them; ?lang= remembers the choice in a cookie.
    const langOf = async (headers: Record<string, string>) => {
      const res = await fetch(`${server.url}/commander?offre=${offer}`, { headers });
      const body = await res.text();
      return { lang: /<html lang="(\w+)"/.exec(body)![1], vary: res.headers.get("vary"), token: tokenOf(body) };
    };
    expect(await langOf({ cookie: "lang=it", "accept-language": "de" })).toMatchObject({
      lang: "it",
      vary: expect.stringContaining("Cookie, Accept-Language"),
    });
    expect(await langOf({ "accept-language": "de-CH,de;q=0.9" })).toMatchObject({ lang: "de" });
    expect(await langOf({ "accept-language": "" })).toMatchObject({ lang: "fr" });
    expect((await langOf({})).token).toMatch(/^[0-9a-f-]{36}$/);
    const chosen = await fetch(url);
    await chosen.arrayBuffer();
    expect(chosen.headers.getSetCookie()).toEqual([expect.stringMatching(/^lang=en; /)]);

    // Each token places one order, however often it is posted; another token, another order.
    const [a, b] = [...tokens];
    const stored = () => storedState(server.dataDir).orders;
    const start = stored();
    for (const token of [a!, a!, b!]) {
      const res = await postOrder(server.url, offer, "en", orderForm({ token }));
      expect(res.status).toBe(303);
    }
    expect(stored() - start).toBe(2);
  });
});
