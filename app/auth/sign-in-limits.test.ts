import { expect, test } from "vitest";
import { createSignInLimits, FAILURES_PER_ACCOUNT, FAILURES_PER_IP, LOCKOUT_SECONDS } from "./sign-in-limits.server.ts";

test("failures lock an IP after 10 and the account after 30 (from any IPs), for at most 15 minutes", async () => {
  const limits = createSignInLimits();
  for (let i = 0; i < FAILURES_PER_IP - 1; i++) await limits.recordFailure("203.0.113.1");
  expect(await limits.lockout("203.0.113.1")).toBe(0);
  await limits.recordFailure("203.0.113.1");
  const wait = await limits.lockout("203.0.113.1");
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(LOCKOUT_SECONDS);
  // Another address is not locked by the first one's failures...
  expect(await limits.lockout("198.51.100.7")).toBe(0);
  // ...until the account as a whole has failed too often, from many addresses.
  for (let i = FAILURES_PER_IP; i < FAILURES_PER_ACCOUNT; i++) await limits.recordFailure(`192.0.2.${i}`);
  const accountWait = await limits.lockout("198.51.100.7");
  expect(accountWait).toBeGreaterThan(0);
  expect(accountWait).toBeLessThanOrEqual(LOCKOUT_SECONDS);
});
