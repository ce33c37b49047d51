import type http from "node:http";
import { logRequest } from "../app/lib/logger.server.ts";

/**
 * The one line a request logs once answered: its id, method, path (as the caller redacted it: no
 * tokens in logs), status, time since `started`, and whether it was answered from memory.
 */
export function logAnswer(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  requestId: string,
  answer: { started: number; path: string; fromMemory: boolean },
) {
  const ms = Math.round((performance.now() - answer.started) * 10) / 10;
  const cache = answer.fromMemory || undefined;
  logRequest({ reqId: requestId, method: req.method, path: answer.path, status: res.statusCode, ms, cache });
}
