import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createOrderFormCache, gzipParts, gzipWithToken, splitTemplate } from "./form-cache.ts";

const PLACEHOLDER = "__token__";
const page = (n: number) => `<html><body>${"<p>same words again</p>".repeat(n)}<input name="token" value="${PLACEHOLDER}"/>${"<footer>end</footer>".repeat(n)}</body></html>`;

let servers: http.Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

/** A server answering only from the cache (404 when it declines), and how often it rendered. */
async function serve(render: () => Promise<Response>) {
  const calls = { render: 0, errors: 0 };
  const cache = createOrderFormCache({
    placeholder: PLACEHOLDER,
    templateFor: (url) => (url.searchParams.get("offre") ? { key: url.search, lang: "en" } : null),
    render: () => {
      calls.render++;
      return render();
    },
    onError: () => calls.errors++,
  });
  const server = http.createServer(async (req, res) => {
    if (!(await cache(req, res, new URL(req.url!, "http://x")))) {
      res.statusCode = 404;
      res.end("live");
    }
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

const tokenOf = (html: string) => /value="([^"]+)"/.exec(html)![1]!;

describe("order form cache", () => {
  test("gzip assembled around the token is the page once decompressed", () => {
    const { prefix, suffix } = splitTemplate(Buffer.from(page(200)), PLACEHOLDER)!;
    const token = Buffer.from("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0");
    const zipped = gzipWithToken({ prefix, suffix, ...gzipParts(prefix, suffix) }, token);
    expect(gunzipSync(zipped).toString()).toBe(page(200).replace(PLACEHOLDER, token.toString()));
    expect(zipped.length).toBeLessThan(page(200).length / 10);
  });

  test("a page without the placeholder, or with it twice, is not a template", () => {
    expect(splitTemplate(Buffer.from("<p>no token</p>"), PLACEHOLDER)).toBeNull();
    expect(splitTemplate(Buffer.from(`${PLACEHOLDER}${PLACEHOLDER}`), PLACEHOLDER)).toBeNull();
  });

  test("renders once for concurrent requests, a fresh token each, identity and gzip, again after an hour", async () => {
    const { url, calls } = await serve(async () => new Response(page(50), { headers: { "content-type": "text/html", "cache-control": "no-store", vary: "Cookie" } }));
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => fetch(`${url}/?offre=a`, { headers: { "accept-encoding": i % 2 ? "gzip" : "identity" } })));
    const bodies = await Promise.all(responses.map((res) => res.text()));
    expect(calls.render).toBe(1);
    expect(new Set(bodies.map(tokenOf)).size).toBe(10);
    for (const body of bodies) expect(body).toBe(page(50).replace(PLACEHOLDER, tokenOf(body)));
    expect(responses[1]!.headers.get("content-encoding")).toBe("gzip");
    expect(responses[0]!.headers.get("content-encoding")).toBeNull();
    expect(responses[0]!.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(responses[0]!.headers.get("cache-control")).toBe("no-store");
    expect(Number(responses[0]!.headers.get("content-length"))).toBe(Buffer.byteLength(bodies[0]!));

    // The price line names a date: a template lives one hour.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 3_600_000);
    await (await fetch(`${url}/?offre=a`)).text();
    expect(calls.render).toBe(2);
  });

  test("declined requests, a failed render and a page without the placeholder are served live", async () => {
    let fail = true;
    const { url, calls } = await serve(async () => {
      if (fail) throw new Error("render failed");
      return new Response("<p>no placeholder</p>");
    });
    expect((await fetch(`${url}/?other=1`)).status).toBe(404);
    expect(calls.render).toBe(0);
    expect((await fetch(`${url}/?offre=a`)).status).toBe(404);
    expect(calls.errors).toBe(1);
    fail = false;
    // Tried again after a failure; a page that is not a template is remembered as such.
    expect((await fetch(`${url}/?offre=a`)).status).toBe(404);
    expect((await fetch(`${url}/?offre=a`)).status).toBe(404);
    expect(calls.render).toBe(2);
  });
});
