import fs from "node:fs";
import path from "node:path";
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
    // 50 clients, each posting again as soon as it has its answer, until the time is up; every
    // request is awaited, so the stored count can be compared exactly.
    const statuses = new Map<string, number>();
    const latencies: number[] = [];
    const started = performance.now();
    const deadline = started + duration * 1000;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          let status: string;
          try {
            const res = await fetch(`${server.url}/commander?offre=test-workflow&lang=en`, {
              method: "POST",
              redirect: "manual",
              headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
              body: ORDER_FORM,
            });
            await res.arrayBuffer();
            status = String(res.status);
          } catch {
            status = "error";
          }
          latencies.push(performance.now() - t0);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const rssAfterMb = rssMb(pid);
    latencies.sort((a, b) => a - b);
    const pct = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
    const redirected = statuses.get("303") ?? 0;
    const otherStatuses = Object.fromEntries([...statuses].filter(([code]) => code !== "303"));
    const stored = storedState(server.dataDir).orders - before;
    return {
      ordersPerSec: Math.round((redirected / elapsed) * 10) / 10,
      redirected,
      stored,
      otherStatuses,
      p50: pct(0.5),
      p99: pct(0.99),
      rssBeforeMb,
      rssAfterMb,
    };
  } finally {
    await server.stop();
  }
}
