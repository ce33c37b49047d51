import { expect, test } from "vitest";
import { createRateLimiter } from "./rate-limit.server.ts";

test("counts per key within the window; a limit of 0 turns it off", async () => {
  const limiter = createRateLimiter({ name: "t", limit: 3, windowMs: 60_000 });
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push((await limiter.take("198.51.100.7")).ok);
  expect(answers).toEqual([true, true, true, false, false]);
  expect((await limiter.take("198.51.100.8")).ok).toBe(true);
  const off = createRateLimiter({ name: "t", limit: 0, windowMs: 60_000 });
  for (let i = 0; i < 50; i++) expect((await off.take("x")).ok).toBe(true);
});

test("expired windows are evicted and the key may come back", async () => {
  const limiter = createRateLimiter({ name: "t", limit: 1, windowMs: 1_000 });
  expect((await limiter.take("a")).ok).toBe(true);
  expect((await limiter.take("a")).ok).toBe(false);
  expect(limiter.size()).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect(limiter.size()).toBe(0);
  expect((await limiter.take("a")).ok).toBe(true);
});

test("memory stays bounded under a flood of distinct keys", async () => {
  const limiter = createRateLimiter({ name: "t", limit: 5, windowMs: 600_000, maxKeys: 1_000 });
  for (let i = 0; i < 10_000; i++) await limiter.take(`10.0.${i >> 8}.${i & 255}`);
  expect(limiter.size()).toBeLessThanOrEqual(1_000);
});
