import type http from "node:http";
import proxyAddr from "proxy-addr";

/** TRUST_PROXY as app/lib/env.server.ts parses it: false, a hop count, or proxy addresses/CIDRs. */
export type TrustProxy = false | number | string[];

/**
 * What the proxies we trust tell us about the client, with Express `trust proxy` semantics: the
 * client IP is the first untrusted address counted from the right of X-Forwarded-For (the
 * left-most entries are whatever the client sent, since proxies append), and X-Forwarded-Proto /
 * -Host count only when the peer itself is a trusted proxy.
 */
export interface ProxyTrust {
  clientIp(req: http.IncomingMessage): string;
  /** The peer is a proxy we trust: its X-Forwarded-Proto/-Host headers count. */
  fromTrustedProxy(req: http.IncomingMessage): boolean;
  isHttps(req: http.IncomingMessage): boolean;
  /** A connection from this address comes through a proxy we trust (many clients share it). */
  isTrustedPeer(address: string): boolean;
}

export function createProxyTrust(setting: TrustProxy): ProxyTrust {
  const trust =
    setting === false
      ? () => false
      : typeof setting === "number"
        ? (_addr: string, hop: number) => hop < setting
        : proxyAddr.compile(setting);
  const isTrustedPeer = (address: string) => setting !== false && trust(address, 0);
  const fromTrustedProxy = (req: http.IncomingMessage) => isTrustedPeer(req.socket.remoteAddress ?? "");
  return {
    clientIp(req) {
      if (setting === false) return req.socket.remoteAddress ?? "";
      return proxyAddr(req, trust) ?? "";
    },
    fromTrustedProxy,
    isTrustedPeer,
    isHttps(req) {
      if ("encrypted" in req.socket && req.socket.encrypted) return true;
      return (
        fromTrustedProxy(req) &&
        String(req.headers["x-forwarded-proto"] ?? "")
          .split(",")[0]
          ?.trim() === "https"
      );
    },
  };
}
