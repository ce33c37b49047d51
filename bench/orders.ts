import fs from "node:fs";
import { startServer } from "../tests/support/server.ts";
import { storedState } from "../tests/support/stored.ts";
import { connectInspector } from "./inspect-heap.ts";
import { orderLoad, postOrder, type OrderLoad } from "./order-load.ts";

export interface OrderBenchResult extends OrderLoad {
  /** Rows in the orders table afterwards (must equal `redirected`). */
  stored: number;
  orders: number;
  rssStartMb: number;
  /** Server RSS after `checkpoint` orders and after all of them. */
  checkpoint: number;
  rssCheckpointMb: number;
  rssAfterMb: number;
  /** After a forced full GC: the live heap before the load and after it, and RSS after it. */
  liveHeapStartMb: number;
  liveHeapAfterMb: number;
  rssAfterGcMb: number;
  /** Server CPU time (user + system) per order during the load. */
  cpuMsPerOrder: number;
}

/** utime + stime of a process, in ms (clock ticks of 10 ms). */
export const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return Math.round(kb / 1024);
};

/**
 * 50 clients posting the order form until `orders` were answered (one SQLite server, sandbox
 * checkout): every POST stores an order and opens a checkout. RSS is read after `checkpoint`
 * orders and at the end: memory must level off, not grow with the number of orders.
 */
export async function orderThroughput({ orders = 20_000, checkpoint = 2_000 } = {}): Promise<OrderBenchResult> {
  // No per-IP limit: every client here is 127.0.0.1. Logs at info, as in production.
  // The inspector only answers the bench's heap questions, at the checkpoint and at the end.
  const server = await startServer(
    { LOG_LEVEL: "info", ORDER_RATE_LIMIT: "0", NODE_OPTIONS: "--inspect=127.0.0.1:0" },
    { logToFile: true },
  );
  const inspector = await connectInspector(server.logs);
  try {
    const pid = server.process.pid!;
    // Warm up: open the database, JIT the action.
    for (let i = 0; i < 20; i++) await (await postOrder(server.url)).arrayBuffer();
    const before = storedState(server.dataDir).orders;
    // Forced GCs only before and after the load: one in between would reset the heap sizing that
    // the RSS checkpoints measure.
    const liveHeapStartMb = await inspector.liveHeapMb();
    const rssStartMb = rssMb(pid);
    let rssCheckpointMb = 0;
    const cpuBefore = cpuMs(pid);
    const load = await orderLoad({
      targets: [server.url],
      orders,
      checkpoint: { at: Math.min(checkpoint, orders), run: () => (rssCheckpointMb = rssMb(pid)) },
    });
    const cpuMsPerOrder = Math.round(((cpuMs(pid) - cpuBefore) / orders) * 100) / 100;
    const rssAfterMb = rssMb(pid);
    const liveHeapAfterMb = await inspector.liveHeapMb();
    const rssAfterGcMb = rssMb(pid);
    const stored = storedState(server.dataDir).orders - before;
    return {
      ...load,
      stored,
      orders,
      rssStartMb,
      checkpoint,
      rssCheckpointMb,
      rssAfterMb,
      liveHeapStartMb,
      liveHeapAfterMb,
      rssAfterGcMb,
      cpuMsPerOrder,
    };
  } finally {
    inspector.close();
    await server.stop();
  }
}
