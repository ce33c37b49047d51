import { expect, test } from "vitest";
import { PASSWORD_HASHES } from "../http/limits.server.ts";
import { parseEnv } from "../lib/env.server.ts";
import {
  HashesBusy,
  hashCost,
  hashesInFlight,
  hashPassword,
  PRODUCTION_COST,
  verifyPassword,
} from "./password.server.ts";

test("the production cost is scrypt N=2^17, r=8, p=1 (OWASP), written into every stored hash", async () => {
  expect(PRODUCTION_COST).toEqual({ N: 131072, r: 8, p: 1 });
  expect(hashCost({})).toMatchObject(PRODUCTION_COST);
  const stored = await hashPassword("correct horse battery staple", hashCost({}));
  expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
  expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
  expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
}, 300_000);

test("the cheaper test cost is refused on a deployed site (https origin or live key)", () => {
  expect(parseEnv({ PASSWORD_HASH_LOG2_N: "12", PUBLIC_ORIGIN: "http://127.0.0.1:3000" }).ok).toBe(true);
  expect(hashCost({ PASSWORD_HASH_LOG2_N: 12 }).N).toBe(4096);
  const https = parseEnv({ PASSWORD_HASH_LOG2_N: "12", PUBLIC_ORIGIN: "https://shop.example", DEMO_MODE: "true" });
  expect(https.ok).toBe(false);
  expect(https.ok ? [] : https.errors.join()).toContain("PASSWORD_HASH_LOG2_N");
  expect(
    parseEnv({ PASSWORD_HASH_LOG2_N: "12", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }).ok,
  ).toBe(false);
  // Empty means unset: the production cost.
  expect(parseEnv({ PASSWORD_HASH_LOG2_N: "", PUBLIC_ORIGIN: "https://shop.example" }).ok).toBe(true);
});

test("at most one hash runs at a time, a few wait, the rest are refused before hashing", async () => {
  const stored = await hashPassword("x".repeat(12), hashCost({ PASSWORD_HASH_LOG2_N: 12 }));
  let peak = 0;
  const watch = setInterval(() => (peak = Math.max(peak, hashesInFlight())), 1);
  const answers = await Promise.allSettled(Array.from({ length: 20 }, () => verifyPassword("wrong password!", stored)));
  clearInterval(watch);
  const refused = answers.filter((answer) => answer.status === "rejected");
  expect(refused.every((answer) => (answer as PromiseRejectedResult).reason instanceof HashesBusy)).toBe(true);
  expect(answers.length - refused.length).toBe(PASSWORD_HASHES.inFlight + PASSWORD_HASHES.queued);
  expect(peak).toBeLessThanOrEqual(PASSWORD_HASHES.inFlight);
  expect(hashesInFlight()).toBe(0);
});
