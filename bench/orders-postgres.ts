import pg from "pg";
import { startPostgres } from "../tests/support/postgres.ts";
import { startServer, type RunningServer } from "../tests/support/server.ts";
import { orderLoad, postOrder, type OrderLoad } from "./order-load.ts";

export interface SharedOrderBenchResult extends OrderLoad {
  instances: number;
  /** Rows in PostgreSQL's orders table afterwards (must equal `redirected`). */
  stored: number;
}

/**
 * Orders per second through `instances` servers sharing one PostgreSQL (started here, in a temp
 * dir): 50 clients spread over the instances for `duration` s; afterwards the stored rows are
 * counted in PostgreSQL.
 */
export async function sharedOrderThroughput(instances: number, duration = 10): Promise<SharedOrderBenchResult> {
  const postgres = await startPostgres();
  const servers: RunningServer[] = [];
  try {
    const url = await postgres.createDatabase("bench");
    for (let i = 0; i < instances; i++)
      servers.push(await startServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0", DATABASE_URL: url }));
    for (const server of servers) for (let i = 0; i < 5; i++) await (await postOrder(server.url)).arrayBuffer();
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
    const load = await orderLoad({ targets: servers.map((server) => server.url), duration });
    return { ...load, instances, stored: (await count()) - before };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await postgres.stop();
  }
}
