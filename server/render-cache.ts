import { createHash, randomBytes, randomUUID } from "node:crypto";
import type http from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { securityHeaders } from "./security-headers.ts";

/**
 * The site's one way to serve a page from memory (docs/decisions/002-page-cache.md): React Router
 * renders it once per key — what the page depends on, e.g. (path, language) — and later requests
 * get the kept bytes. What must differ per response is a named hole: the render gets a marker
 * for each per-request value (the CSP nonce, the order form's submission token) through the same
 * request context a live render reads (app/lib/request-context.ts), the kept bytes are split
 * where a marker occurs, and each response fills the holes with its own values. The app knows
 * nothing of this: it writes `nonce` and `formToken` from its context, live or cached.
 *
 * A page without holes is the same bytes for every visitor: compressed once (brotli, gzip), with
 * an ETag (304 on revalidation). A page with holes is joined per response and gzipped per
 * response for browsers that take it (one page is a few tens of KB: docs/performance.md).
 * App-free like every helper here: server/app.ts says what is cacheable and how it renders.
 */

/** The per-request values a page can leave open, each with its marker (random per process, so no visitor can write one into a page). */
export const HOLES = {
  /** Shaped like a real nonce (16 random bytes, base64). */
  nonce: randomBytes(16).toString("base64"),
  /** Fails the order form's token pattern (underscores): a page that ever kept it gets a new token on post, never a shared one. */
  formToken: `__token_${randomBytes(8).toString("hex")}__`,
} as const;
export type Hole = keyof typeof HOLES;

export type Encoding = "br" | "gzip" | "identity";

export interface RenderedPage {
  status: number;
  /** The render's headers worth replaying (type, cookies, caching, language). */
  headers: Record<string, string | string[]>;
  /** The body split at its holes: parts.length === holes.length + 1. */
  parts: Buffer[];
  holes: Hole[];
  /** Without holes only: the one body, compressed ahead, and its validator. */
  fixed?: { etag: string; identity: Buffer; gzip: Buffer; br: Buffer };
  /** Full header lists of a page without holes, per (https, encoding): see headerList. */
  lists: Map<string, string[]>;
  /** Time (ms since epoch) after which the page is rendered again. */
  until: number;
}

const KEEP_HEADERS = ["content-type", "set-cookie", "vary", "cache-control", "content-language"];

/** The headers of a rendered page worth replaying from memory (type, cookies, caching, language). */
function keptHeaders(response: Response): Record<string, string | string[]> {
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

/** Splits a rendered body wherever a hole's marker occurs, in order. */
export function splitAtHoles(html: Buffer): { parts: Buffer[]; holes: Hole[] } {
  const markers = (Object.entries(HOLES) as Array<[Hole, string]>).map(
    ([hole, marker]) => [hole, Buffer.from(marker)] as const,
  );
  const parts: Buffer[] = [];
  const holes: Hole[] = [];
  let from = 0;
  for (;;) {
    let next: { at: number; hole: Hole; length: number } | undefined;
    for (const [hole, marker] of markers) {
      const at = html.indexOf(marker, from);
      if (at !== -1 && (!next || at < next.at)) next = { at, hole, length: marker.length };
    }
    if (!next) break;
    parts.push(html.subarray(from, next.at));
    holes.push(next.hole);
    from = next.at + next.length;
  }
  parts.push(html.subarray(from));
  return { parts, holes };
}

/** Kept pages by key: rendered once even under concurrent misses, the least recently rendered dropped beyond `max`. */
export class RenderCache {
  #pages = new Map<string, RenderedPage>();
  #pending = new Map<string, Promise<RenderedPage | null>>();
  readonly #max: number;

  constructor(options: { max?: number } = {}) {
    this.#max = options.max ?? Infinity;
  }

  get size() {
    return this.#pages.size;
  }

  /** The kept page, if any and still current (synchronous: the front's first look, before any parsing). */
  get(key: string, now = Date.now()): RenderedPage | undefined {
    const page = this.#pages.get(key);
    if (page && page.until <= now) {
      this.#pages.delete(key);
      return undefined;
    }
    return page;
  }

  /**
   * The page for `key`, rendered by `render` if not kept; `null` means "not cacheable, serve live"
   * (any status but 200) and is not kept, so the next request renders live again. `until`: when
   * the page stops being current (a date it shows changes), Infinity by default.
   */
  async fill(key: string, render: () => Promise<Response>, until = Infinity): Promise<RenderedPage | null> {
    const kept = this.get(key);
    if (kept) return kept;
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = (async () => {
        const response = await render();
        if (response.status !== 200) {
          await response.body?.cancel();
          return null;
        }
        const page = toRenderedPage(
          response.status,
          keptHeaders(response),
          Buffer.from(await response.arrayBuffer()),
          until,
        );
        this.#pages.set(key, page);
        if (this.#pages.size > this.#max) this.#pages.delete(this.#pages.keys().next().value!);
        return page;
      })().finally(() => this.#pending.delete(key));
      this.#pending.set(key, pending);
    }
    return pending;
  }
}

function toRenderedPage(status: number, headers: RenderedPage["headers"], html: Buffer, until: number): RenderedPage {
  const { parts, holes } = splitAtHoles(html);
  const page: RenderedPage = { status, headers, parts, holes, lists: new Map(), until };
  if (!holes.length) {
    page.fixed = {
      etag: `"${createHash("sha1").update(html).digest("base64url").slice(0, 22)}"`,
      identity: html,
      gzip: gzipSync(html, { level: 9 }),
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }),
    };
  }
  return page;
}

export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return "identity";
}

/** The nonce-less security headers, computed once: [plain http, https]. */
const BASE_HEADERS = [
  Object.entries(securityHeaders({ https: false })),
  Object.entries(securityHeaders({ https: true })),
] as const;

/** The security headers of a response without a nonce (refusals, redirects, pages without scripts). */
export const baseSecurityHeaders = (https: boolean) => BASE_HEADERS[https ? 1 : 0];

/**
 * Every header of a kept page's response as a flat [name, value, …] list for `res.writeHead`: the
 * security headers, then the page's own, as a live response has them; Content-Length is the
 * caller's. Kept per (https, encoding or 304), but for a page with a nonce (its CSP names it).
 */
function headerList(
  page: RenderedPage,
  security: ReadonlyArray<readonly [string, string]>,
  encoding: Encoding | "not-modified",
): string[] {
  const headers = new Map<string, [string, string | string[]]>();
  const set = (name: string, value: string | string[]) => headers.set(name.toLowerCase(), [name, value]);
  for (const [name, value] of security) set(name, value);
  // A page without holes revalidates by ETag; one with holes keeps the render's own caching (the order form: no-store).
  if (page.fixed) set("Cache-Control", "public, max-age=0, must-revalidate");
  for (const [name, value] of Object.entries(page.headers)) set(name, value);
  if (page.fixed) set("ETag", page.fixed.etag);
  const vary = headers.get("vary")?.[1];
  set("Vary", vary ? [vary, "Accept-Encoding"].flat() : "Accept-Encoding");
  set("X-Page-Cache", "hit");
  if (encoding !== "not-modified" && encoding !== "identity") set("Content-Encoding", encoding);
  const list: string[] = [];
  for (const [name, value] of headers.values()) for (const one of [value].flat()) list.push(name, one);
  return list;
}

/** A page's header list with the nonce-less security headers, built once per (https, encoding); with its Content-Length when its body is fixed. */
function keptList(page: RenderedPage, https: boolean, encoding: Encoding | "not-modified"): string[] {
  const id = `${https ? "https" : "http"} ${encoding}`;
  let list = page.lists.get(id);
  if (!list) {
    list = headerList(page, baseSecurityHeaders(https), encoding);
    if (page.fixed && encoding !== "not-modified") list.push("Content-Length", String(page.fixed[encoding].length));
    page.lists.set(id, list);
  }
  return list;
}

/** Answers a request with a kept page: its holes filled with this response's own values. */
export function sendRenderedPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  page: RenderedPage,
  https: boolean,
  requestId: string,
): void {
  const head = req.method === "HEAD";
  if (page.fixed) {
    const fixed = page.fixed;
    const encoding =
      req.headers["if-none-match"] === fixed.etag ? "not-modified" : pickEncoding(req.headers["accept-encoding"]);
    res.writeHead(
      encoding === "not-modified" ? 304 : page.status,
      keptList(page, https, encoding).concat("X-Request-Id", requestId),
    );
    res.end(head || encoding === "not-modified" ? undefined : fixed[encoding]);
    return;
  }
  const values: Record<Hole, string> = { nonce: "", formToken: "" };
  if (page.holes.includes("nonce")) values.nonce = randomBytes(16).toString("base64");
  if (page.holes.includes("formToken")) values.formToken = randomUUID();
  const pieces: Buffer[] = [];
  page.parts.forEach((part, index) => {
    // Tokens and nonces are ASCII: latin1 copies them byte for byte, without UTF-8 checks.
    if (index > 0) pieces.push(Buffer.from(values[page.holes[index - 1]!], "latin1"));
    pieces.push(part);
  });
  // Each response has its own values, so it cannot be compressed ahead: gzip for those who take it,
  // at level 1 (the order form: 23.5 KB to 5.5 KB in about 0.2 ms; level 6 saves 0.6 KB for three times the CPU).
  const encoding = pickEncoding(req.headers["accept-encoding"]) === "identity" ? "identity" : "gzip";
  const body = encoding === "gzip" ? gzipSync(Buffer.concat(pieces), { level: 1 }) : undefined;
  const length = body ? body.length : pieces.reduce((sum, piece) => sum + piece.length, 0);
  const list = values.nonce
    ? headerList(page, Object.entries(securityHeaders({ nonce: values.nonce, https })), encoding)
    : keptList(page, https, encoding);
  res.writeHead(page.status, list.concat("Content-Length", String(length), "X-Request-Id", requestId));
  if (head) {
    res.end();
    return;
  }
  if (body) {
    res.end(body);
    return;
  }
  // Written as they are, never copied into one buffer; corked: one syscall.
  res.cork();
  for (const piece of pieces.slice(0, -1)) res.write(piece);
  res.end(pieces.at(-1));
}
