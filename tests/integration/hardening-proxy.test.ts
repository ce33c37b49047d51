import { expect, test } from "vitest";
import { orderForm, postOrder, readStore } from "../support/orders.ts";
import { suiteServer } from "../support/suite.ts";

// Behind a proxy that appends to X-Forwarded-For (nginx's
// $proxy_add_x_forwarded_for), the left-most entry is whatever the client sent. Trusting it let
// six orders through a limit of three.

const server = suiteServer({ LOG_LEVEL: "silent", TRUST_PROXY: "true", ORDER_RATE_LIMIT: "3" });

test("a client forging X-Forwarded-For behind one trusted proxy is still one client to the rate limit", async () => {
  const statuses: number[] = [];
  for (let i = 1; i <= 6; i++) {
    const res = await postOrder(server.url, "test-workflow", "en", orderForm({ email: `proxy-${i}@example.com` }), {
      headers: { Origin: server.url, "X-Forwarded-For": `203.0.113.${i}, 198.51.100.7` },
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  expect(statuses).toEqual([303, 303, 303, 429, 429, 429]);
  expect((await readStore(server.dataDir)).orders).toHaveLength(3);
  // Another client behind the same proxy has its own allowance.
  const other = await postOrder(server.url, "test-workflow", "en", orderForm({ email: "proxy-other@example.com" }), {
    headers: { Origin: server.url, "X-Forwarded-For": "198.51.100.8" },
  });
  expect(other.status).toBe(303);
});
