import fs from "node:fs";
import path from "node:path";
import { openLiveDatabase } from "./live-db.ts";

/**
 * What a server has stored in its DATA_DIR: rows of every table whose name mentions "order" or "quote" in every
 * SQLite file, and the emails in the outbox. Read-only, independent of the orders module's API.
 */
export function storedState(dataDir: string): { orders: number; emails: number; tables: string[] } {
  let orders = 0;
  const tables: string[] = [];
  let emails = 0;
  if (!fs.existsSync(dataDir)) return { orders, emails, tables };
  for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    // The daily backups (DATA_DIR/backups) are copies of the same rows.
    if (/\.(db|sqlite3?)$/.test(entry.name) && path.basename(entry.parentPath) !== "backups") {
      const db = openLiveDatabase(file, { readOnly: true });
      try {
        // Tables of orders and quote requests, not of things about orders (order_events, a timeline, has several rows per order).
        const names = db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND (name LIKE '%order%' OR name LIKE '%quote%') AND name NOT LIKE '%event%'",
          )
          .all() as Array<{ name: string }>;
        for (const { name } of names) {
          tables.push(name);
          orders += Number((db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n);
        }
      } finally {
        db.close();
      }
    }
    // The owner's set-up link is emailed on a database's first start: not from a request.
    if (entry.name.endsWith(".eml") && !entry.name.endsWith("-owner-setup.eml")) emails++;
  }
  return { orders, emails, tables };
}
