import http from "node:http";
import https from "node:https";
import { BlockedAddressError, guardedLookup, isPrivateAddress, literalAddress } from "../lib/address-guard.server.ts";

export interface SendOptions {
  /** Live mode: only public addresses, checked on the very connection (DNS rebinding cannot slip in). */
  publicOnly: boolean;
  timeoutMs: number;
  /** At most this many bytes of the answer are read; the rest is dropped with the connection. */
  maxResponseBytes: number;
}

export interface SendResult {
  /** The HTTP status, or null when nothing came back (refused, timed out, blocked). */
  statusCode: number | null;
  /** Why it did not succeed; null for a 2xx. */
  error: string | null;
  durationMs: number;
}

/**
 * One POST to the endpoint, never more: redirects are not followed (a 3xx is a failure: the
 * receiver must be configured at its final URL), the whole exchange has a time limit, and only the
 * first bytes of the answer are read. Node's http(s) with our own `lookup`, so the address that was
 * checked is the address connected to.
 */
export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const target = new URL(url);
  const elapsed = () => performance.now() - started;
  const literal = literalAddress(target.hostname);
  if (options.publicOnly && literal && isPrivateAddress(literal)) {
    return Promise.resolve({
      statusCode: null,
      error: `blocked: ${literal} is not a public address`,
      durationMs: elapsed(),
    });
  }
  const client = target.protocol === "https:" ? https : target.protocol === "http:" ? http : null;
  if (!client)
    return Promise.resolve({ statusCode: null, error: `unsupported scheme ${target.protocol}`, durationMs: elapsed() });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "automation-studio-webhooks/1",
        },
        // A fresh connection each time: a pooled socket would skip the address check.
        agent: false,
        ...(options.publicOnly ? { lookup: guardedLookup } : {}),
      },
      (response) => {
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > options.maxResponseBytes) {
            response.destroy();
            request.destroy();
            finishWith(response.statusCode ?? null);
          }
        });
        response.on("end", () => finishWith(response.statusCode ?? null));
        response.on("error", () => finishWith(response.statusCode ?? null));
      },
    );
    const finishWith = (statusCode: number | null) => {
      const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
      const redirect = statusCode !== null && statusCode >= 300 && statusCode < 400;
      finish({
        statusCode,
        error: ok ? null : redirect ? `HTTP ${statusCode}: redirects are not followed` : `HTTP ${statusCode}`,
      });
    };
    const timer = setTimeout(() => {
      request.destroy();
      finish({ statusCode: null, error: `no answer within ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    request.on("error", (error) => {
      finish({
        statusCode: null,
        error: error instanceof BlockedAddressError ? `blocked: ${error.message}` : error.message,
      });
    });
    request.end(body);
  });
}
