import { randomUUID } from "node:crypto";
import type http from "node:http";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { isOfferId } from "../app/content/offers.ts";
import { isLanguage } from "../app/i18n/languages.ts";
import { resolveLanguage } from "../app/i18n/resolve.ts";
import { logger } from "../app/lib/logger.server.ts";
import { createLoadContext, type RequestInfo } from "../app/lib/request-context.ts";
import { orderFormTemplateContext, TOKEN_PLACEHOLDER } from "../app/orders/form-template.ts";

/**
 * The order form (`GET /commander?offre=X[&lang=Y]`) is the same for every visitor of an (offer,
 * language) pair except its submission token: React renders it once with a placeholder there
 * (app/orders/form-template.ts), and each request gets the two halves around a fresh token. Only
 * the URLs the site itself links to are served this way; a cancelled checkout (`&cancelled`, the
 * visitor's draft), other query strings and every POST (errors, the language switcher) are
 * rendered live. The page stays `no-store`: its token is one visitor's.
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

const KEEP_HEADERS = ["content-type", "cache-control", "content-language"];
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
const HOUR = 3_600_000;

/**
 * Gzip without compressing per request: the prefix is deflated up to a sync flush (byte-aligned,
 * not final), the token follows as a stored block, the suffix is deflated on its own as the final
 * block, and the trailer carries the CRC of the whole text.
 */
function gzipParts(prefix: Buffer, suffix: Buffer) {
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
export function splitTemplate(html: Buffer): { prefix: Buffer; suffix: Buffer } | null {
  const at = html.indexOf(TOKEN_PLACEHOLDER);
  if (at === -1 || html.indexOf(TOKEN_PLACEHOLDER, at + 1) !== -1) return null;
  return { prefix: html.subarray(0, at), suffix: html.subarray(at + TOKEN_PLACEHOLDER.length) };
}

type Render = (request: Request, context: ReturnType<typeof createLoadContext>) => Promise<Response>;

export function createOrderFormCache({ render, secure }: { render: Render; secure: boolean }) {
  const templates = new Map<string, Promise<Template | null>>();
  let hour = 0;

  async function build(url: URL, lang: string): Promise<Template | null> {
    // Render with only what decides the language, as the marketing page cache does.
    const info: RequestInfo = { nonce: "", requestId: "form-cache", clientIp: "", secure };
    const context = createLoadContext(info);
    context.set(orderFormTemplateContext, true);
    const response = await render(new Request(url.origin + url.pathname + url.search, { headers: { "accept-language": lang } }), context);
    const html = Buffer.from(await response.arrayBuffer());
    const parts = response.status === 200 ? splitTemplate(html) : null;
    if (!parts) return null;
    const headers: Template["headers"] = [];
    for (const name of KEEP_HEADERS) {
      const value = response.headers.get(name);
      if (value) headers.push([name, value]);
    }
    // One Vary: the render's (Cookie, Accept-Language when the language was negotiated) and ours.
    const vary = response.headers.get("vary");
    headers.push(["vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding"]);
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers.push(["set-cookie", cookies]);
    return { headers, ...parts, ...gzipParts(parts.prefix, parts.suffix) };
  }

  /** Serves the order form from its template; false when this request must be rendered live. */
  return async function serveOrderForm(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
    const offer = url.searchParams.get("offre");
    const queryLang = url.searchParams.get("lang");
    if (!isOfferId(offer) || (queryLang !== null && !isLanguage(queryLang))) return false;
    // Exactly the site's own links (orderPath): a bounded set of keys, whatever visitors send.
    if (url.search !== `?offre=${offer}${queryLang === null ? "" : `&lang=${queryLang}`}`) return false;
    const { lang } = resolveLanguage({ pathname: url.pathname, queryLang, cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
    // The price line names the date of the first monthly charge (a whole day in the business time
    // zone, whose offsets are whole hours): templates live one hour.
    const now = Math.floor(Date.now() / HOUR);
    if (now !== hour) {
      templates.clear();
      hour = now;
    }
    const key = `${url.search}|${lang}`;
    let pending = templates.get(key);
    if (!pending) {
      pending = build(url, lang).catch((error: unknown) => {
        templates.delete(key);
        logger().error({ err: error }, "order form template failed");
        return null;
      });
      templates.set(key, pending);
    }
    const template = await pending;
    if (!template) return false;

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
