import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export interface OrderBenchResult {
  ordersPerSec: number;
  created: number;
  non3xx: number;
  rssBeforeMb: number;
  rssAfterMb: number;
}

/** The ordering path lands separately; until it does this figure is reported as not available. */
export function ordersLanded(): boolean {
  return fs.existsSync(path.join(root, "app/orders"));
}

export async function orderThroughput(): Promise<OrderBenchResult | null> {
  if (!ordersLanded()) return null;
  return null;
}
