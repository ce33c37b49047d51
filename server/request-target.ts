import type http from "node:http";
import { BAD_REQUEST, type Refusal } from "./answers.ts";
import { bodyRefusal } from "./body-limits.ts";
import { crossSiteRefusal } from "./same-origin.ts";

/**
 * What a request asks for, checked before anything reads it: a target that parses (and whose path
 * decodes), a method the site answers, a Host React Router can build a URL from. Each check gives
 * the refusal to send, or nothing.
 */

/**
 * The request's URL, or 400. Absolute-form ("http://host/x") and asterisk-form ("*") targets keep
 * only their path and query (req.url is rewritten, so React Router sees the same).
 */
export function parseTarget(req: http.IncomingMessage): URL | Refusal {
  let url: URL;
  try {
    url = new URL(req.url ?? "/", "http://localhost");
    decodeURIComponent(url.pathname);
  } catch {
    return BAD_REQUEST;
  }
  if (url.pathname.startsWith("//")) return BAD_REQUEST;
  if (!req.url?.startsWith("/")) req.url = url.pathname + url.search;
  return url;
}

/**
 * The site only reads pages and takes form posts; other methods would reach React Router's error
 * rendering without its middleware context (a 500). `allow`, where given, says what the path takes
 * (an API path: its operations; null, no route at all: 404).
 */
export function methodRefusal(method: string | undefined, allow?: string | null): Refusal | null {
  if (method === undefined || method === "GET" || method === "HEAD" || method === "POST") return null;
  if (allow === null) return { status: 404, message: "Not found" };
  return { status: 405, message: "Method not allowed", headers: { Allow: allow ?? "GET, HEAD, POST" } };
}

function isValidHost(host: string) {
  try {
    return new URL(`http://${host}/`).host !== "";
  } catch {
    return false;
  }
}

/**
 * React Router builds the request URL from Host (and X-Forwarded-Host behind a trusted proxy): an
 * unparsable one is the client's error, not a 500. HTTP/1.0 clients may send none: the public host
 * is filled in.
 */
export function hostRefusal(
  req: http.IncomingMessage,
  options: { publicHost: string; fromTrustedProxy: boolean },
): Refusal | null {
  if (!req.headers.host) req.headers.host = options.publicHost;
  const forwarded = options.fromTrustedProxy ? req.headers["x-forwarded-host"] : undefined;
  if (!isValidHost(req.headers.host) || (forwarded && !isValidHost(String(forwarded)))) return BAD_REQUEST;
  return null;
}

/**
 * The front's checks of a request's method and, for a post, its body (server/body-limits.ts) and
 * origin (server/same-origin.ts), in that order: the first refusal, or nothing.
 */
export function refusalOf(
  req: http.IncomingMessage,
  pathname: string,
  post: { bodyCap: (pathname: string) => number; https: boolean; publicOrigin: string },
  allowOf?: (pathname: string) => string | null,
): Refusal | null {
  const refusal = methodRefusal(req.method, allowOf?.(pathname));
  if (refusal || req.method !== "POST") return refusal;
  return bodyRefusal(req, post.bodyCap(pathname)) ?? crossSiteRefusal(req, pathname, post);
}
