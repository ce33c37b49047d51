import dns from "node:dns";
import net from "node:net";

/**
 * Addresses a webhook must never reach in live mode (server-side request forgery): this machine,
 * its private networks, link-local (cloud metadata at 169.254.169.254), shared, reserved,
 * multicast and unspecified ranges, for IPv4 and IPv6.
 */
const BLOCKED = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv6");
}

/** True when `address` (an IP literal) is loopback, private, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) is judged as the IPv4 it is.
  const mapped = /^::ffff:(?:0:)?(.+)$/i.exec(address)?.[1];
  if (mapped) {
    if (net.isIPv4(mapped)) return BLOCKED.check(mapped, "ipv4");
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped);
    if (hex) {
      const value = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
      return BLOCKED.check([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join("."), "ipv4");
    }
  }
  return BLOCKED.check(address, "ipv6");
}

export class BlockedAddressError extends Error {
  override name = "BlockedAddressError";
}

/** The host of a URL as an IP literal when it is one (without IPv6 brackets), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return net.isIP(bare) ? bare : null;
}

/**
 * Names every address `hostname` resolves to and refuses them all if one is not public: a name
 * with a public and a private address could connect to either. Used as the connection's own
 * `lookup`, so the address checked is the address connected to (no second resolution in between
 * for a DNS rebinding to slip into).
 */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const blocked = addresses.find((entry) => isPrivateAddress(entry.address));
    if (blocked || !addresses.length) {
      return callback(
        new BlockedAddressError(
          `${hostname} resolves to ${blocked?.address ?? "nothing"}, which is not a public address`,
        ),
        "",
        4,
      );
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** Resolves a URL's host (all its addresses) and says why it may not be called in live mode, or null. */
export async function refusedHost(url: string): Promise<string | null> {
  const { hostname } = new URL(url);
  const literal = literalAddress(hostname);
  if (literal) return isPrivateAddress(literal) ? `${literal} is not a public address` : null;
  try {
    const addresses = await dns.promises.lookup(hostname, { all: true });
    const blocked = addresses.find((entry) => isPrivateAddress(entry.address));
    return blocked ? `${hostname} resolves to ${blocked.address}, which is not a public address` : null;
  } catch (error) {
    return `${hostname} does not resolve (${(error as Error).message})`;
  }
}
