import { randomBytes } from "node:crypto";
import type http from "node:http";
import { gzipSync } from "node:zlib";
import { PLACEHOLDER_NONCE, TemplateCache, toNonceTemplate, withNonce } from "./nonce-template.ts";
import { pickEncoding } from "./page-cache.ts";
import { securityHeaders } from "./security-headers.ts";

const SESSION_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

/**
 * The thank-you page of a paid order, rendered once per (order, language, order version, details
 * shown) and then served from memory with a fresh nonce: a paid order never changes by itself,
 * so it needs no provider call and no render per view. Anything else — not paid yet,
 * unknown session, other query parameters — returns false and takes React Router's route, which
 * asks the provider and polls.
 */
export function createThankYouPage(options: {
  /** The thank-you page's path in each language. */
  paths: Set<string>;
  /** The paid order's cache key (app/orders/thank-you-details.server.ts), null when not paid. */
  paidOrderKey: (sessionId: string, pathname: string) => Promise<string | null>;
  /** React Router's render of the page, with this nonce in its scripts. */
  render: (request: Request, nonce: string, requestId: string) => Promise<Response>;
}) {
  const templates = new TemplateCache(256);

  return async function serveThankYou(req: http.IncomingMessage, res: http.ServerResponse, url: URL, https: boolean, requestId: string): Promise<boolean> {
    if (req.method !== "GET" || !options.paths.has(url.pathname)) return false;
    const sessionId = url.searchParams.get("session_id");
    if (!sessionId || !SESSION_PATTERN.test(sessionId) || url.search !== `?session_id=${sessionId}`) return false;
    const key = await options.paidOrderKey(sessionId, url.pathname);
    if (!key) return false;
    const template = await templates.get(key, async () => {
      // The route's loader runs once here (and repairs a missing owner notice, as on every render).
      const response = await options.render(new Request(url.origin + url.pathname + url.search), PLACEHOLDER_NONCE, requestId);
      return response.status === 200 ? toNonceTemplate(response) : null;
    });
    if (!template) return false;
    const nonce = randomBytes(16).toString("base64");
    for (const [name, value] of Object.entries(securityHeaders({ nonce, https }))) res.setHeader(name, value);
    for (const [name, value] of Object.entries(template.headers)) res.setHeader(name, value);
    res.appendHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Page-Cache", "hit");
    let body = withNonce(template, nonce);
    // Each response has its own nonce, so it cannot be compressed ahead: gzip for those who take it.
    if (pickEncoding(req.headers["accept-encoding"]) !== "identity") {
      body = gzipSync(body);
      res.setHeader("Content-Encoding", "gzip");
    }
    res.setHeader("Content-Length", body.length);
    res.statusCode = template.status;
    res.end(body);
    return true;
  };
}
