import type http from "node:http";
import type { Refusal } from "./answers.ts";

/**
 * Cross-site form posts are refused (403, before the app). The Origin must be ours exactly, scheme
 * included: the public origin, or this request's own scheme and host. Stripe's webhook is
 * authenticated by its signature instead.
 */
export function isCrossSitePost(
  req: http.IncomingMessage,
  pathname: string,
  options: { https: boolean; publicOrigin: string },
): boolean {
  if (pathname.startsWith("/webhooks/")) return false;
  const origin = req.headers.origin;
  if (origin === "null") return true;
  if (origin) {
    let parsed: string;
    try {
      parsed = new URL(origin).origin;
    } catch {
      return true;
    }
    const own = `${options.https ? "https" : "http"}://${req.headers.host ?? ""}`;
    return parsed !== options.publicOrigin && parsed !== safeOrigin(own);
  }
  return req.headers["sec-fetch-site"] === "cross-site";
}

function safeOrigin(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** The front's 403 for a cross-site post (isCrossSitePost), or nothing. */
export function crossSiteRefusal(
  req: http.IncomingMessage,
  pathname: string,
  options: { https: boolean; publicOrigin: string },
): Refusal | null {
  return isCrossSitePost(req, pathname, options)
    ? { status: 403, message: "Cross-site form submissions are not accepted" }
    : null;
}
