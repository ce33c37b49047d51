// `npm run migrate-to-postgres [-- --trial]`: copies the SQLite database of DATA_DIR (default ./data)
// into the PostgreSQL database of DATABASE_URL: rows PostgreSQL lacks are inserted, rows that
// changed since an earlier run are updated. Refused while the site (any process) has the SQLite
// file open, unless --trial: a rehearsal while the site runs, followed by the final copy once it
// is stopped. Steps to move a site: docs/operating.md, "Moving an existing site from SQLite to PostgreSQL".
import "./require-node.js";
import { copySqliteToPostgres } from "../app/ops/copy-to-postgres.server.ts";
import { filesNote } from "../app/ops/files-note.server.ts";
import { DatabaseInUseError } from "../app/db/sqlite-exclusive.server.ts";
import { describe, existingSqliteFile, fail, parseOptions } from "./cli.ts";

const USAGE = "Usage: DATABASE_URL=postgres://… DATA_DIR=… npm run migrate-to-postgres [-- --trial]";
const { values } = parseOptions(
  { options: { trial: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } } },
  USAGE,
);
if (values.help) {
  console.log(`${USAGE}\n--trial: a trial copy while the site runs (the final copy needs the site stopped).`);
  process.exit(0);
}
const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url))
  fail(
    "Set DATABASE_URL=postgres://user:password@host:5432/database (the target) and DATA_DIR (where orders.sqlite is).",
    2,
  );
const file = existingSqliteFile("the database to copy");
const target = (() => {
  try {
    return `${new URL(url).host}${new URL(url).pathname}`;
  } catch {
    return fail("DATABASE_URL is not a valid URL.", 2);
  }
})();
const number = (n: number) => n.toLocaleString("en");
const column = (n: number, label: string) => `${number(n).padStart(9)} ${label}`;

try {
  const report = await copySqliteToPostgres(file, url, {
    trial: values.trial,
    onProgress: (table, done, total) => console.log(`  ${table}: ${number(done)} / ${number(total)} rows`),
  });
  for (const { table, read, inserted, updated, removed } of report.tables) {
    console.log(
      `${table.padEnd(20)}${column(read, "read")}${column(inserted, "inserted")}${column(updated, "updated")}${removed ? column(removed, "removed") : ""}`,
    );
  }
  const changed = report.tables.reduce((sum, t) => sum + t.inserted + t.updated + t.removed, 0);
  console.log(
    `${values.trial ? "Trial copy done" : "Done"}: ${file} → ${target} (${number(changed)} rows inserted, updated or removed).`,
  );
  console.log(
    values.trial
      ? "The site may have written since: stop it, then run the same command without --trial for the final copy."
      : "PostgreSQL now holds everything the SQLite file holds: start the site with this DATABASE_URL.",
  );
} catch (error) {
  if (error instanceof DatabaseInUseError) {
    fail(
      `${file} is in use (the site or another command has it open): stop the site for the final copy, or add --trial for a trial copy while it runs (npm run migrate-to-postgres -- --trial).`,
    );
  }
  fail(`Copy failed, nothing was written to PostgreSQL: ${describe(error)}`);
}
// The copy holds the database only: what to do with the files, in one line.
console.log(await filesNote("copy", process.env));
