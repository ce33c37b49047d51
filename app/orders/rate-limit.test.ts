import { expect, test } from "vitest";
import { RateLimiter } from "./rate-limit.server.ts";

test("counts per key within the window; a limit of 0 turns it off", async () => {
  const limiter = new RateLimiter(3, 60_000);
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await limiter.consume("198.51.100.7"));
  expect(answers).toEqual([true, true, true, false, false]);
  expect(await limiter.consume("198.51.100.8")).toBe(true);
  const off = new RateLimiter(0, 60_000);
  for (let i = 0; i < 50; i++) expect(await off.consume("x")).toBe(true);
});

test("expired windows are evicted and the key may come back", async () => {
  const limiter = new RateLimiter(1, 1_000);
  expect(await limiter.consume("a")).toBe(true);
  expect(await limiter.consume("a")).toBe(false);
  expect(limiter.size()).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect(limiter.size()).toBe(0);
  expect(await limiter.consume("a")).toBe(true);
});

test("memory stays bounded under a flood of distinct keys", async () => {
  const limiter = new RateLimiter(5, 600_000, { maxKeys: 1_000 });
  for (let i = 0; i < 10_000; i++) await limiter.consume(`10.0.${i >> 8}.${i & 255}`);
  expect(limiter.size()).toBeLessThanOrEqual(1_000);
});
