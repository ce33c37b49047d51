// `npm run backup [-- FILE]`: a consistent copy of the live database (safe while the server runs)
// to FILE or DATA_DIR/backups/orders-<time>.sqlite (the newest 14 there are kept).
// `npm run backup -- --restore FILE`: with the server stopped, checks FILE and puts it in place of
// DATA_DIR/orders.sqlite (the replaced database is kept next to it as orders.sqlite.before-restore).
import "./require-node.js";
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { backupDatabase, backupFileName, pruneBackups } from "../app/ops/backup.server.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { restore: { type: "string" }, help: { type: "boolean", short: "h", default: false } },
});
if (values.help) {
  console.log("Usage: npm run backup [-- FILE]\n       npm run backup -- --restore FILE   (server stopped)\nUses DATA_DIR (default ./data).");
  process.exit(0);
}
if (process.env.DATABASE_URL) {
  console.error("DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump / pg_restore), see the README.");
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const live = path.join(dataDir, "orders.sqlite");

if (values.restore) {
  const source = path.resolve(values.restore);
  const check = new DatabaseSync(source, { readOnly: true });
  const { integrity_check: integrity } = check.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
  const { n } = check.prepare("SELECT COUNT(*) AS n FROM orders").get() as { n: number };
  check.close();
  if (integrity !== "ok") {
    console.error(`${source} fails its integrity check (${integrity}); nothing was changed.`);
    process.exit(1);
  }
  if (fs.existsSync(live)) {
    // Fold the live WAL in, then keep the replaced database beside the new one.
    const current = new DatabaseSync(live);
    current.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    current.close();
    fs.renameSync(live, `${live}.before-restore`);
  }
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${live}${suffix}`, { force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(source, `${live}.restoring`);
  fs.renameSync(`${live}.restoring`, live);
  console.log(`Restored ${source} (${n} orders) to ${live}. Start the server again.`);
} else {
  if (!fs.existsSync(live)) {
    console.error(`No database at ${live} (set DATA_DIR to the server's data directory).`);
    process.exit(1);
  }
  const dir = path.join(dataDir, "backups");
  const destination = path.resolve(positionals[0] ?? path.join(dir, backupFileName()));
  const db = new DatabaseSync(live, { readOnly: true });
  try {
    await backupDatabase(db, destination);
  } finally {
    db.close();
  }
  if (path.dirname(destination) === dir) pruneBackups(dir);
  console.log(`Backup written: ${destination}`);
}
