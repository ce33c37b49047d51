import { randomUUID } from "node:crypto";
import type http from "node:http";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { keptHeaders } from "./page-cache.ts";

/**
 * The order form (`GET /commander?offre=X[&lang=Y]`) is the same for every visitor of an (offer,
 * language) pair except its submission token: React renders it once with a placeholder there
 * (app/orders/form-template.ts says which requests qualify and how the template renders), and each
 * request gets the two halves around a fresh token. Everything else, every POST included (errors,
 * the language switcher), is rendered live. The page stays `no-store`: its token is one visitor's.
 * App-free like every helper here: server/app.ts hands in the app's parts.
 */

interface Template {
  headers: Array<[string, string | string[]]>;
  prefix: Buffer;
  suffix: Buffer;
  /** The same page as one gzip member: the token goes in a stored block between the halves. */
  gzipHead: Buffer;
  gzipTail: Buffer;
  prefixCrc: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
const HOUR = 3_600_000;

/**
 * Gzip without compressing per request: the prefix is deflated up to a sync flush (byte-aligned,
 * not final), the token follows as a stored block, the suffix is deflated on its own as the final
 * block, and the trailer carries the CRC of the whole text.
 */
export function gzipParts(prefix: Buffer, suffix: Buffer) {
  const head = Buffer.concat([GZIP_HEADER, deflateRawSync(prefix, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })]);
  const tail = deflateRawSync(suffix, { level: 9 });
  return { gzipHead: head, gzipTail: tail, prefixCrc: crc32(prefix) };
}

export function gzipWithToken(template: Pick<Template, "prefix" | "suffix" | "gzipHead" | "gzipTail" | "prefixCrc">, token: Buffer): Buffer {
  const stored = Buffer.from([0x00, token.length & 0xff, token.length >> 8, ~token.length & 0xff, (~token.length >> 8) & 0xff]);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(template.suffix, crc32(token, template.prefixCrc)), 0);
  trailer.writeUInt32LE((template.prefix.length + token.length + template.suffix.length) >>> 0, 4);
  return Buffer.concat([template.gzipHead, stored, token, template.gzipTail, trailer]);
}

/** Splits a rendered page around its one placeholder; `null` if it is not exactly once there. */
export function splitTemplate(html: Buffer, placeholder: string): { prefix: Buffer; suffix: Buffer } | null {
  const at = html.indexOf(placeholder);
  if (at === -1 || html.indexOf(placeholder, at + 1) !== -1) return null;
  return { prefix: html.subarray(0, at), suffix: html.subarray(at + placeholder.length) };
}

export interface OrderFormCacheOptions<Lang extends string> {
  placeholder: string;
  /** The template a request can be served from (its key and language), or null: render live. */
  templateFor: (url: URL, req: http.IncomingMessage) => { key: string; lang: Lang } | null;
  render: (url: URL, lang: Lang) => Promise<Response>;
  onError: (error: unknown) => void;
  /** A request answered from a template, in this language (the funnel counts it: server/app.ts). */
  onServed?: (req: http.IncomingMessage, url: URL, lang: Lang) => void;
}

export function createOrderFormCache<Lang extends string>({ placeholder, templateFor, render, onError, onServed }: OrderFormCacheOptions<Lang>) {
  const templates = new Map<string, Promise<Template | null>>();
  let hour = 0;

  async function build(url: URL, lang: Lang): Promise<Template | null> {
    const response = await render(url, lang);
    const html = Buffer.from(await response.arrayBuffer());
    const parts = response.status === 200 ? splitTemplate(html, placeholder) : null;
    if (!parts) return null;
    const headers = keptHeaders(response);
    // One Vary: the render's (Cookie, Accept-Language when the language was negotiated) and ours.
    headers.vary = headers.vary ? `${String(headers.vary)}, Accept-Encoding` : "Accept-Encoding";
    return { headers: Object.entries(headers), ...parts, ...gzipParts(parts.prefix, parts.suffix) };
  }

  /** Serves the order form from its template; false when this request must be rendered live. */
  return async function serveOrderForm(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
    const wanted = templateFor(url, req);
    if (!wanted) return false;
    const { key, lang } = wanted;
    // The price line names the date of the first monthly charge (a whole day in the business time
    // zone, whose offsets are whole hours): templates live one hour.
    const now = Math.floor(Date.now() / HOUR);
    if (now !== hour) {
      templates.clear();
      hour = now;
    }
    let pending = templates.get(key);
    if (!pending) {
      // A failed render is reported and served live; the next request tries again.
      pending = build(url, lang).catch((error: unknown) => {
        templates.delete(key);
        onError(error);
        return null;
      });
      templates.set(key, pending);
    }
    const template = await pending;
    if (!template) return false;

    onServed?.(req, url, lang);
    const token = Buffer.from(randomUUID());
    const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    for (const [name, value] of template.headers) res.setHeader(name, value);
    res.statusCode = 200;
    if (gzip) {
      const body = gzipWithToken(template, token);
      res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Content-Length", body.length);
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    }
    res.setHeader("Content-Length", template.prefix.length + token.length + template.suffix.length);
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    // Three writes, one syscall (corked): the halves are sent as they are, never copied.
    res.cork();
    res.write(template.prefix);
    res.write(token);
    res.end(template.suffix);
    return true;
  };
}
