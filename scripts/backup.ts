// `npm run backup [-- FILE]`: a consistent copy of the live database (safe while the server runs)
// to FILE or DATA_DIR/backups/orders-<time>.sqlite (the newest 14 there are kept).
// `npm run backup -- --restore FILE`: puts FILE in place of DATA_DIR/orders.sqlite, refused while the
// site (or any process) has the database open; the replaced database is kept as
// DATA_DIR/orders-replaced-<time>.sqlite (app/ops/restore.server.ts).
import "./require-node.js";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { RestoreRefused, restoreDatabase } from "../app/ops/restore.server.ts";
import { backupDatabase, backupFileName, pruneBackups } from "../app/ops/backup.server.ts";
import { filesNote } from "../app/ops/files-note.server.ts";
import { existingSqliteFile, fail, failInOneLine, parseOptions } from "./cli.ts";

const USAGE =
  "Usage: npm run backup [-- FILE] | npm run backup -- --restore FILE [--merge-newer | --force] (site stopped; --merge-newer keeps orders taken after the backup, --force drops them). Uses DATA_DIR (default ./data).";
const { values, positionals } = parseOptions(
  {
    allowPositionals: true,
    options: {
      restore: { type: "string" },
      force: { type: "boolean", default: false },
      "merge-newer": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  },
  USAGE,
);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (process.env.DATABASE_URL)
  fail("DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump / pg_restore), see docs/operating.md.", 2);
const dataDir = path.resolve(process.env.DATA_DIR || "./data");

if (values.restore !== undefined) {
  if (!values.restore) fail(`--restore needs the backup file to restore. ${USAGE}`, 2);
  if (positionals.length) fail(`--restore takes one file; unexpected ${positionals.join(" ")}. ${USAGE}`, 2);
  failInOneLine("Restore failed");
  try {
    if (values.force && values["merge-newer"])
      fail(`--force drops the newer orders, --merge-newer keeps them: choose one. ${USAGE}`, 2);
    const restored = await restoreDatabase(
      path.resolve(values.restore),
      dataDir,
      new Date(),
      values["merge-newer"] ? "merge" : values.force ? "drop" : "refuse",
    );
    const { newer } = restored;
    console.log(
      `Restored ${path.resolve(values.restore)} (${restored.orders} orders) to ${restored.live}.` +
        (newer.orders
          ? newer.merged
            ? ` ${newer.orders} newer order(s) (${newer.paid} paid) copied in.`
            : ` ${newer.orders} newer order(s) (${newer.paid} paid) dropped.`
          : "") +
        (restored.alreadySent
          ? ` ${restored.alreadySent} email(s) the replaced database had sent are marked sent (not sent again).`
          : "") +
        (restored.replaced ? ` The database it replaced is kept as ${restored.replaced}.` : "") +
        " Start the site again.",
    );
  } catch (error) {
    if (error instanceof RestoreRefused) fail(error.message);
    throw error;
  }
} else {
  if (positionals.length > 1) fail(`One destination file at most. ${USAGE}`, 2);
  const live = existingSqliteFile("nothing to back up");
  failInOneLine("Backup failed");
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
  console.log(await filesNote("backup", process.env));
}
