import { EventEmitter } from "node:events";
import type net from "node:net";
import { expect, test } from "vitest";
import { createConnectionLimit } from "./connection-limit.ts";

function socket(address: string) {
  const fake = Object.assign(new EventEmitter(), { remoteAddress: address, destroyed: false });
  return Object.assign(fake, { destroy: () => void (fake.destroyed = true) }) as unknown as net.Socket & {
    destroyed: boolean;
  };
}

test("a client's connection past the limit is closed as it arrives; one closing makes room again", () => {
  const admit = createConnectionLimit(2, () => false);
  const [a, b, c] = [socket("1.1.1.1"), socket("1.1.1.1"), socket("1.1.1.1")];
  admit(a);
  admit(b);
  admit(c);
  expect([a.destroyed, b.destroyed, c.destroyed]).toEqual([false, false, true]);
  // Another address has its own count.
  const other = socket("2.2.2.2");
  admit(other);
  expect(other.destroyed).toBe(false);
  a.emit("close");
  const d = socket("1.1.1.1");
  admit(d);
  expect(d.destroyed).toBe(false);
});

test("a trusted proxy's connections and a limit of 0 are not counted", () => {
  const admitProxy = createConnectionLimit(1, (address) => address === "10.0.0.1");
  const proxied = [socket("10.0.0.1"), socket("10.0.0.1")];
  proxied.forEach(admitProxy);
  expect(proxied.map((s) => s.destroyed)).toEqual([false, false]);
  const unlimited = createConnectionLimit(0, () => false);
  const many = Array.from({ length: 5 }, () => socket("3.3.3.3"));
  many.forEach(unlimited);
  expect(many.some((s) => s.destroyed)).toBe(false);
});
