import type http from "node:http";
import { expect, test } from "vitest";
import { createProxyTrust, type TrustProxy } from "./client-ip.ts";

const request = (peer: string, headers: Record<string, string> = {}) =>
  ({
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers,
  }) as unknown as http.IncomingMessage;

// TRUST_PROXY's parsing (true → 1, "a, b" → list) is tested in app/lib/env.server.test.ts.
const trust = (value: TrustProxy) => createProxyTrust(value);

test("TRUST_PROXY=true trusts one hop: the client is the right-most forwarded address, not the left-most", () => {
  const forged = request("127.0.0.1", { "x-forwarded-for": "203.0.113.9, 198.51.100.7" });
  expect(trust(1).clientIp(forged)).toBe("198.51.100.7");
  expect(trust(2).clientIp(forged)).toBe("203.0.113.9");
});

test("without TRUST_PROXY the peer address is the client and forwarded headers count for nothing", () => {
  const req = request("192.0.2.1", { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https" });
  expect(trust(false).clientIp(req)).toBe("192.0.2.1");
  expect(trust(false).isHttps(req)).toBe(false);
});

test("a list of proxies: trusted only when the peer is one of them, walking left past trusted entries", () => {
  const proxies = trust(["10.0.0.0/8", "192.168.1.1"]);
  const viaTwo = request("10.1.2.3", {
    "x-forwarded-for": "203.0.113.9, 198.51.100.7, 192.168.1.1",
    "x-forwarded-proto": "https",
  });
  expect(proxies.clientIp(viaTwo)).toBe("198.51.100.7");
  expect(proxies.isHttps(viaTwo)).toBe(true);
  const direct = request("198.51.100.50", { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https" });
  expect(proxies.clientIp(direct)).toBe("198.51.100.50");
  expect(proxies.isHttps(direct)).toBe(false);
  expect(proxies.fromTrustedProxy(direct)).toBe(false);
});
