import type http from "node:http";
import type { Refusal } from "./answers.ts";

/**
 * A post's body is judged by its headers before a byte of it is read: a chunked body must say its
 * length (411), and a declared length over the path's cap is refused with the connection closed
 * (413), so a client cannot make the site read and throw away megabytes. The caps themselves are
 * the app's (app/http/read-form.server.ts: forms 64 KB, Stripe's webhook more), which reads the
 * body against the same cap as it arrives.
 */
export function bodyRefusal(req: http.IncomingMessage, cap: number): Refusal | null {
  const length = Number(req.headers["content-length"] ?? NaN);
  if (req.headers["transfer-encoding"] && !Number.isFinite(length)) return { status: 411, message: "Length required" };
  if (length > cap) return { status: 413, message: "Request body too large", headers: { Connection: "close" } };
  return null;
}
