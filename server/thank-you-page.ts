import { randomBytes } from "node:crypto";
import type http from "node:http";
import { gzipSync } from "node:zlib";
import type { RouterContextProvider } from "react-router";
import { languageFromPath } from "../app/i18n/resolve.ts";
import { THANK_YOU_PATHS } from "../app/i18n/site-map.ts";
import { createLoadContext, type RequestInfo } from "../app/lib/request-context.ts";
import { detailsShown } from "../app/orders/thank-you-details.server.ts";
import { getOrderServices } from "../app/orders/services.server.ts";
import { PLACEHOLDER_NONCE, TemplateCache, toNonceTemplate, withNonce } from "./nonce-template.ts";
import { pickEncoding } from "./page-cache.ts";
import { securityHeaders } from "./security-headers.ts";

const PATHS = new Set(Object.values(THANK_YOU_PATHS));
const SESSION_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

/**
 * The thank-you page of a paid order, rendered once per (order, language, order version, details
 * shown) and then served from memory with a fresh nonce: a paid order never changes by itself,
 * so it needs no provider call and no render per view (issue 17). Anything else — not paid yet,
 * unknown session, other query parameters — returns false and takes React Router's route, which
 * asks the provider and polls.
 */
export function createThankYouPage(options: {
  render: (request: Request, context: RouterContextProvider) => Promise<Response>;
  secureCookies: boolean;
}) {
  const templates = new TemplateCache(256);

  return async function serveThankYou(req: http.IncomingMessage, res: http.ServerResponse, url: URL, https: boolean, requestId: string): Promise<boolean> {
    if (req.method !== "GET" || !PATHS.has(url.pathname)) return false;
    const sessionId = url.searchParams.get("session_id");
    if (!sessionId || !SESSION_PATTERN.test(sessionId) || url.search !== `?session_id=${sessionId}`) return false;
    const order = await (await getOrderServices()).repo.findBySessionId(sessionId);
    if (order?.state !== "paid") return false;
    const lang = languageFromPath(url.pathname);
    const key = `${order.id}|${lang}|${order.updatedAt}|${detailsShown(order)}`;
    const template = await templates.get(key, async () => {
      const info: RequestInfo = { nonce: PLACEHOLDER_NONCE, requestId, clientIp: "", secure: options.secureCookies };
      // The route's loader runs once here (and repairs a missing owner notice, as on every render).
      const response = await options.render(new Request(url.origin + url.pathname + url.search), createLoadContext(info));
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
