import { OPERATIONS } from "./openapi.ts";

/**
 * What the Node front (server/app.ts) needs to answer `/api/` requests it refuses before React
 * Router (a bad path encoding, a chunked or oversized body, a method no route takes, an 80 KB
 * header): the same problem+json every API route answers, so a client parses one kind of error.
 */

/** A request target under `/api/` (the raw target: it may not even decode). */
export const isApiTarget = (target: string | undefined): boolean =>
  target !== undefined && (target === "/api" || target.startsWith("/api/") || target.startsWith("/api?"));

/** The RFC 9457 body every API error carries, with its stable `code` (docs/api.md lists them). */
export function problemBody(status: number, code: string, title: string, detail?: string): string {
  return JSON.stringify({ type: "about:blank", title, status, code, ...(detail ? { detail } : {}) });
}

const PATTERNS = OPERATIONS.map((op) => ({
  method: op.method.toUpperCase(),
  pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

/**
 * The `Allow` of an API path, from the operations the OpenAPI document lists (a GET route also
 * answers HEAD); null for a path no route serves.
 */
export function apiAllow(pathname: string): string | null {
  const methods = PATTERNS.filter(({ pattern }) => pattern.test(pathname)).map(({ method }) => method);
  if (!methods.length) return null;
  if (methods.includes("GET")) methods.splice(methods.indexOf("GET") + 1, 0, "HEAD");
  return methods.join(", ");
}

/** The front's refusals, by status, as the API names them. */
const FRONT_PROBLEMS: Record<number, [code: string, title: string]> = {
  400: ["bad_request", "The request cannot be read (its path or headers are malformed)"],
  403: ["cross_site", "Requests sent by another site's pages are not accepted"],
  404: ["no_such_endpoint", "No such endpoint (see /api/v1/openapi.json)"],
  405: ["method_not_allowed", "Method not allowed"],
  408: ["request_timeout", "The request took too long to arrive"],
  411: ["length_required", "Send the body with a Content-Length (chunked bodies are not accepted)"],
  413: ["too_large", "The body is too large"],
  431: ["headers_too_large", "The request's headers are too large"],
  500: ["internal", "Something went wrong on our side"],
};

/** The problem the front answers an API request it refuses with `status`. */
export function frontProblem(status: number): string {
  const [code, title] = FRONT_PROBLEMS[status] ?? ["bad_request", "The request is refused"];
  return problemBody(status, code, title);
}
