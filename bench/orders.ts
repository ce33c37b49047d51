import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "../tests/support/server.ts";
import { storedState } from "../tests/support/stored.ts";

const root = path.resolve(import.meta.dirname, "..");

export interface OrderBenchResult {
  ordersPerSec: number;
  /** Orders the POSTs were answered for with a 303 to the sandbox checkout. */
  redirected: number;
  /** Rows in the orders table afterwards (must equal `redirected`). */
  stored: number;
  otherStatuses: Record<string, number>;
  p50: number;
  p99: number;
  rssBeforeMb: number;
  rssAfterMb: number;
}

export function ordersLanded(): boolean {
  return fs.existsSync(path.join(root, "app/orders/place-order.server.ts"));
}

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return Math.round(kb / 1024);
};

export const ORDER_FORM = new URLSearchParams({
  offre: "test-workflow",
  firstName: "Bench",
  lastName: "Mark",
  email: "bench@example.com",
  phoneNumber: "+33 1 23 45 67 89",
  address: "1 rue du Test",
  postalCode: "75001",
  city: "Paris",
  country: "France",
  agentName: "Loady",
  telegramId: "@loady",
  connectZapier: "non",
}).toString();

/** 50 clients posting the order form for `duration` s; every POST stores an order and opens a sandbox checkout. */
export async function orderThroughput(duration = 10): Promise<OrderBenchResult | null> {
  if (!ordersLanded()) return null;
  // No per-IP limit: every client here is 127.0.0.1.
  const server = await startServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0" });
  try {
    const pid = server.process.pid!;
    // Warm up: open the database, JIT the action.
    for (let i = 0; i < 5; i++) {
      await fetch(`${server.url}/commander?offre=test-workflow&lang=en`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url }, body: ORDER_FORM });
    }
    const before = storedState(server.dataDir).orders;
    const rssBeforeMb = rssMb(pid);
    const result = await autocannon({
      url: `${server.url}/commander?offre=test-workflow&lang=en`,
      method: "POST",
      connections: 50,
      duration,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: ORDER_FORM,
    });
    const rssAfterMb = rssMb(pid);
    const stats = (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats ?? {};
    const redirected = stats["303"]?.count ?? 0;
    const otherStatuses = Object.fromEntries(Object.entries(stats).filter(([code]) => code !== "303").map(([code, s]) => [code, s.count]));
    if (result.errors || result.timeouts) otherStatuses.errors = result.errors + result.timeouts;
    const stored = storedState(server.dataDir).orders - before;
    return {
      ordersPerSec: Math.round((redirected / duration) * 10) / 10,
      redirected,
      stored,
      otherStatuses,
      p50: result.latency.p50,
      p99: result.latency.p99,
      rssBeforeMb,
      rssAfterMb,
    };
  } finally {
    await server.stop();
  }
}
