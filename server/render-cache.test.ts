import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, test } from "vitest";
import { HOLES, RenderCache, sendRenderedPage, splitAtHoles } from "./render-cache.ts";

let servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(`<html><body>${body}</body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8", ...headers },
  });

/** A server answering every request from one cache key, and how often it rendered. */
async function serve(render: () => Response, key = "k") {
  const cache = new RenderCache();
  const calls = { render: 0 };
  const server = http.createServer(async (req, res) => {
    const page = await cache.fill(key, async () => {
      calls.render++;
      // A render that takes a while, so concurrent misses overlap.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return render();
    });
    if (!page) {
      res.statusCode = 404;
      res.end("live");
      return;
    }
    sendRenderedPage(req, res, page, false, "req-1");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, calls };
}

describe("one render kept per key, holes filled per response", () => {
  test("holes are found wherever their markers occur, in order", () => {
    const page = Buffer.from(`a${HOLES.nonce}b${HOLES.formToken}c${HOLES.nonce}d`);
    const { parts, holes } = splitAtHoles(page);
    expect(holes).toEqual(["nonce", "formToken", "nonce"]);
    expect(parts.map(String)).toEqual(["a", "b", "c", "d"]);
    expect(splitAtHoles(Buffer.from("no holes")).holes).toEqual([]);
  });

  test("a page without holes: rendered once for concurrent misses, the same bytes, an ETag and a 304", async () => {
    const { url, calls } = await serve(() => html("same for everyone"));
    const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(url)));
    expect(calls.render).toBe(1);
    const bodies = await Promise.all(answers.map((res) => res.text()));
    expect(new Set(bodies).size).toBe(1);
    const etag = answers[0]!.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(answers[0]!.headers.get("content-security-policy")).toContain("script-src 'self';");
    expect(answers[0]!.headers.get("x-request-id")).toBe("req-1");
    const again = await fetch(url, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  test("a page with holes: each response its own nonce (in the page and its CSP) and its own token, identity or gzip", async () => {
    const { url, calls } = await serve(() =>
      html(
        `<script nonce="${HOLES.nonce}">1</script><input name="token" value="${HOLES.formToken}"><script nonce="${HOLES.nonce}">2</script>`,
        { "cache-control": "no-store" },
      ),
    );
    const seen = new Set<string>();
    for (const encoding of ["identity", "gzip", "identity", "gzip"]) {
      const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(url, { headers: { "accept-encoding": encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
      expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
      const page = (encoding === "gzip" ? gunzipSync(raw.body) : raw.body).toString("utf8");
      expect(raw.headers["content-encoding"]).toBe(encoding === "gzip" ? "gzip" : undefined);
      const nonces = [...page.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]!);
      const token = /value="([^"]+)"/.exec(page)![1]!;
      expect(nonces).toHaveLength(2);
      expect(nonces[0]).toBe(nonces[1]);
      expect(raw.headers["content-security-policy"]).toContain(`'nonce-${nonces[0]}'`);
      expect(token).toMatch(/^[0-9a-f-]{36}$/);
      expect(page).not.toContain(HOLES.nonce);
      expect(page).not.toContain(HOLES.formToken);
      // The render's own caching is kept (no ETag: each response differs).
      expect(raw.headers["cache-control"]).toBe("no-store");
      expect(raw.headers.etag).toBeUndefined();
      seen.add(nonces[0]!).add(token);
    }
    expect(seen.size).toBe(8);
    expect(calls.render).toBe(1);
  });

  test("a render that is not a 200 is not kept: the next request renders again", async () => {
    let status = 503;
    const { url, calls } = await serve(() => new Response("down", { status }));
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url)).status).toBe(404);
    status = 200;
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url)).status).toBe(200);
    expect(calls.render).toBe(3);
  });

  test("a page past its time is rendered again; beyond `max`, the oldest is dropped", async () => {
    const cache = new RenderCache({ max: 2 });
    let renders = 0;
    const render = async () => {
      renders++;
      return html(String(renders));
    };
    const now = Date.now();
    await cache.fill("hour", render, now + 1000);
    expect(cache.get("hour", now)).toBeDefined();
    expect(cache.get("hour", now + 1000)).toBeUndefined();
    await cache.fill("a", render);
    await cache.fill("b", render);
    await cache.fill("c", render);
    expect(cache.size).toBe(2);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("c")).toBeDefined();
  });
});
