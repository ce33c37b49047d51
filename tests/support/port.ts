import { createHash } from "node:crypto";

/** A port stable for this checkout, so parallel checkouts on one machine do not collide. */
export function checkoutPort(offset = 0): number {
  const hash = createHash("sha1").update(process.cwd()).digest().readUInt16BE(0);
  return 20_000 + ((hash + offset) % 20_000);
}
