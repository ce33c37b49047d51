// `npm run migrate-to-postgres`: copies the SQLite database of DATA_DIR (default ./data) into the
// PostgreSQL database of DATABASE_URL. Safe to run again: rows already copied are left alone.
// Steps to move a site: README, "Several instances on PostgreSQL".
import "./require-node.js";
import fs from "node:fs";
import path from "node:path";
import { copySqliteToPostgres } from "../app/ops/copy-to-postgres.server.ts";

const file = path.resolve(process.env.DATA_DIR || "./data", "orders.sqlite");
const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error("Set DATABASE_URL=postgres://user:password@host:5432/database (the target) and DATA_DIR (where orders.sqlite is).");
  process.exit(1);
}
if (!fs.existsSync(file)) {
  console.error(`No SQLite database at ${file} (set DATA_DIR to the site's data directory).`);
  process.exit(1);
}
try {
  const report = await copySqliteToPostgres(file, url);
  for (const { table, read, written } of report.tables) console.log(`${table.padEnd(20)} ${String(read).padStart(7)} read  ${String(written).padStart(7)} copied`);
  console.log(`Done: ${file} → ${new URL(url).host}${new URL(url).pathname}. Start the site with this DATABASE_URL.`);
} catch (error) {
  console.error(`Copy failed, nothing was written: ${(error as Error).message}`);
  process.exit(1);
}
