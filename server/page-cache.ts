import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Marketing pages depend only on (path, language, configuration): each is rendered once by React
 * Router and then served from memory, pre-compressed. See docs/decisions/002-page-cache.md.
 */
export interface CachedPage {
  status: number;
  headers: Record<string, string | string[]>;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Full response header lists, built on first use per (https, encoding): see headerList. */
  lists?: Map<string, string[]>;
}

export type Encoding = "br" | "gzip" | "identity";

/**
 * Every header of a cached page's response as a flat [name, value, …] list for `res.writeHead`,
 * built once per (page, https, encoding or 304) rather than set one by one per request: the
 * security headers, then the page's own, as the per-request code used to set them. Only the
 * request id is added when serving.
 */
export function headerList(page: CachedPage, security: ReadonlyArray<readonly [string, string]>, https: boolean, encoding: Encoding | "not-modified"): string[] {
  const id = `${https ? "https" : "http"} ${encoding}`;
  page.lists ??= new Map();
  let list = page.lists.get(id);
  if (list) return list;
  const headers = new Map<string, [string, string | string[]]>();
  const set = (name: string, value: string | string[]) => headers.set(name.toLowerCase(), [name, value]);
  for (const [name, value] of security) set(name, value);
  set("Cache-Control", "public, max-age=0, must-revalidate");
  for (const [name, value] of Object.entries(page.headers)) set(name, value);
  set("ETag", page.etag);
  const vary = headers.get("vary")?.[1];
  set("Vary", vary ? [vary, "Accept-Encoding"].flat() : "Accept-Encoding");
  set("X-Page-Cache", "hit");
  if (encoding !== "not-modified") {
    if (encoding !== "identity") set("Content-Encoding", encoding);
    set("Content-Length", String(page[encoding].length));
  }
  list = [];
  for (const [name, value] of headers.values()) for (const one of [value].flat()) list.push(name, one);
  page.lists.set(id, list);
  return list;
}

const KEEP_HEADERS = ["content-type", "set-cookie", "vary", "cache-control", "content-language"];

export class PageCache {
  #pages = new Map<string, CachedPage>();
  #pending = new Map<string, Promise<CachedPage | null>>();

  get size() {
    return this.#pages.size;
  }

  get(key: string) {
    return this.#pages.get(key);
  }

  /** Renders once per key even under concurrent misses; `null` means "not cacheable, serve live". */
  async fill(key: string, render: () => Promise<Response>): Promise<CachedPage | null> {
    const existing = this.#pages.get(key);
    if (existing) return existing;
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = (async () => {
        const response = await render();
        if (response.status !== 200) return null;
        const identity = Buffer.from(await response.arrayBuffer());
        const page: CachedPage = {
          status: 200,
          headers: keptHeaders(response),
          etag: `"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`,
          identity,
          gzip: gzipSync(identity, { level: 9 }),
          br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }),
        };
        this.#pages.set(key, page);
        return page;
      })().finally(() => this.#pending.delete(key));
      this.#pending.set(key, pending);
    }
    return pending;
  }
}

/** The headers of a rendered page worth replaying from memory (type, cookies, caching, language). */
export function keptHeaders(response: Response): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const name of KEEP_HEADERS) {
    if (name === "set-cookie") {
      const cookies = response.headers.getSetCookie();
      if (cookies.length) headers[name] = cookies;
    } else {
      const value = response.headers.get(name);
      if (value) headers[name] = value;
    }
  }
  return headers;
}

export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return "identity";
}
