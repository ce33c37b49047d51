import pg from "pg";
import { startPostgres } from "../tests/support/postgres.ts";
import { startServer, type RunningServer } from "../tests/support/server.ts";
import { ORDER_FORM } from "./orders.ts";

export interface SharedOrderBenchResult {
  instances: number;
  ordersPerSec: number;
  redirected: number;
  /** Rows in PostgreSQL's orders table afterwards (must equal `redirected`). */
  stored: number;
  otherStatuses: Record<string, number>;
  p50: number;
  p99: number;
}

/**
 * Orders per second through `instances` servers sharing one PostgreSQL (started here, in a temp
 * dir): 50 clients spread over the instances, each posting the order form again as soon as it
 * has its answer; afterwards the stored rows are counted in PostgreSQL.
 */
export async function sharedOrderThroughput(instances: number, duration = 10): Promise<SharedOrderBenchResult> {
  const postgres = await startPostgres();
  const servers: RunningServer[] = [];
  try {
    const url = await postgres.createDatabase("bench");
    for (let i = 0; i < instances; i++) servers.push(await startServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0", DATABASE_URL: url }));
    const post = (server: RunningServer) =>
      fetch(`${server.url}/commander?offre=test-workflow&lang=en`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: ORDER_FORM,
      });
    for (const server of servers) for (let i = 0; i < 5; i++) await (await post(server)).arrayBuffer();
    const count = async () => {
      const client = new pg.Client(url);
      await client.connect();
      try {
        return Number((await client.query("SELECT count(*) AS n FROM orders")).rows[0].n);
      } finally {
        await client.end();
      }
    };
    const before = await count();
    const statuses = new Map<string, number>();
    const latencies: number[] = [];
    const started = performance.now();
    const deadline = started + duration * 1000;
    await Promise.all(
      Array.from({ length: 50 }, async (_, client) => {
        const server = servers[client % servers.length]!;
        while (performance.now() < deadline) {
          const t0 = performance.now();
          let status: string;
          try {
            const res = await post(server);
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
    latencies.sort((a, b) => a - b);
    const pct = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
    const redirected = statuses.get("303") ?? 0;
    return {
      instances,
      ordersPerSec: Math.round((redirected / elapsed) * 10) / 10,
      redirected,
      stored: (await count()) - before,
      otherStatuses: Object.fromEntries([...statuses].filter(([code]) => code !== "303")),
      p50: pct(0.5),
      p99: pct(0.99),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await postgres.stop();
  }
}
