import type http from "node:http";
import { baseSecurityHeaders } from "./render-cache.ts";

/**
 * The front's own answers, given before the app is reached: refusals (a malformed target, a
 * method the site does not take, a body too large, a cross-site post, a bad Host, a request that
 * failed) and canonical redirects. Every one carries the security headers and the request id,
 * set just before answering rather than first thing so a page kept in memory writes its whole
 * header list at once (server/render-cache.ts). The shape of a refusal is decided here and only
 * here: an answer that must differ by path (e.g. problem+json under /api/) belongs in refuse().
 */

/** A refusal the front gives on its own: status, a short plain-text reason, any extra headers. */
export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** What every answer of this request carries: scheme (HSTS on https) and id. */
export interface AnswerOf {
  https: boolean;
  requestId: string;
  /**
   * The problem+json body of a refusal, by status, for a target whose clients parse one kind of
   * error (every `/api/` answer: app/api/front.ts, handed in by server/app.ts); absent: plain text.
   */
  problem?: (status: number) => string;
}

/** The security headers (nonce-less: these answers have no scripts) and the request id. */
export function answerHeaders(res: http.ServerResponse, { https, requestId }: AnswerOf) {
  res.setHeader("X-Request-Id", requestId);
  for (const [name, value] of baseSecurityHeaders(https)) res.setHeader(name, value);
}

export function refuse(_req: http.IncomingMessage, res: http.ServerResponse, refusal: Refusal, of: AnswerOf) {
  answerHeaders(res, of);
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  res.statusCode = refusal.status;
  const problem = of.problem?.(refusal.status);
  res.setHeader("Content-Type", problem ? "application/problem+json" : "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(problem ?? refusal.message);
}

/** A 301 to the page's one spelling (server/canonical-redirect.ts), cacheable for an hour. */
export function redirect(res: http.ServerResponse, location: string, of: AnswerOf) {
  answerHeaders(res, of);
  res.statusCode = 301;
  res.setHeader("Location", location);
  res.setHeader("Cache-Control", "public, max-age=3600");
  res.end();
}

export const BAD_REQUEST: Refusal = { status: 400, message: "Bad request" };
export const INTERNAL_ERROR: Refusal = { status: 500, message: "Internal error" };
