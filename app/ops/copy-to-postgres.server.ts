import type { DatabaseSync } from "node:sqlite";
import { DatabaseSync as SqliteDatabase } from "node:sqlite";
import pg from "pg";
import { openStore } from "../db/database.server.ts";
import { openExclusively } from "../db/sqlite-exclusive.server.ts";

export interface TableReport {
  table: string;
  /** Rows read from SQLite. */
  read: number;
  /** Rows PostgreSQL did not have. */
  inserted: number;
  /** Rows PostgreSQL had with other values (an order paid, an email sent since the last pass). */
  updated: number;
  /** Rows of MIRRORED tables that SQLite no longer has (a signed-out session), deleted. */
  removed: number;
}

export interface CopyReport {
  tables: TableReport[];
}

export interface CopyOptions {
  /**
   * A trial copy while the site runs: reads a snapshot of the SQLite file even though other
   * processes have it open. Without it, the copy refuses to run while any process has the file
   * open (DatabaseInUseError) and holds it for itself until the end, so no order placed during the
   * copy can be missed.
   */
  trial?: boolean;
  /** Called every `progressEvery` rows of a table that has more. */
  onProgress?: (table: string, done: number, total: number) => void;
  progressEvery?: number;
}

/** Rows per INSERT statement (PostgreSQL takes 65,535 parameters; tables have about 20 columns). */
const BATCH = 500;

/**
 * Tables whose rows SQLite deletes on purpose: a copy deletes them from PostgreSQL too, or a
 * back-office session signed out between two passes would come back to life. Other tables are
 * never deleted from: PostgreSQL may hold orders taken there after going back and forth.
 */
const MIRRORED = new Set(["admin_sessions"]);

/** Tables in an order where each comes after those it references (SQLite's foreign key list). */
function tablesInDependencyOrder(sqlite: DatabaseSync): string[] {
  const names = (
    sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'",
      )
      .all() as Array<{ name: string }>
  ).map((row) => row.name);
  const references = new Map(
    names.map((name) => [
      name,
      (sqlite.prepare(`PRAGMA foreign_key_list("${name}")`).all() as Array<{ table: string }>)
        .map((fk) => fk.table)
        .filter((t) => t !== name),
    ]),
  );
  const ordered: string[] = [];
  const visit = (name: string, path: string[] = []) => {
    if (ordered.includes(name) || path.includes(name)) return;
    for (const parent of references.get(name) ?? []) visit(parent, [...path, name]);
    ordered.push(name);
  };
  for (const name of names.sort()) visit(name);
  return ordered;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Copies every table of an SQLite database (the embedded default) into PostgreSQL, in one
 * transaction: the target's schema is created by the same migrations first; a row PostgreSQL lacks
 * is inserted, a row it has with other values is updated to SQLite's (so the final pass of a move
 * carries every change made since a trial pass: an order paid, an email sent), an identical row is
 * left alone; identity counters continue after the copied ids.
 */
export async function copySqliteToPostgres(
  sqliteFile: string,
  databaseUrl: string,
  options: CopyOptions = {},
): Promise<CopyReport> {
  // Refuse before touching anything when the site has the file open (unless this is a trial).
  if (!options.trial) openExclusively(sqliteFile).close();
  // Bring both schemas to the latest version (the SQLite file may come from an older release).
  await (await openStore({ sqliteFile })).close();
  await (await openStore({ databaseUrl })).close();

  const sqlite = options.trial ? new SqliteDatabase(sqliteFile, { readOnly: true }) : openExclusively(sqliteFile);
  const client = new pg.Client(databaseUrl);
  const report: CopyReport = { tables: [] };
  try {
    await client.connect();
    // One read transaction on SQLite too: every table comes from the same moment.
    sqlite.exec("BEGIN");
    await client.query("BEGIN");
    for (const table of tablesInDependencyOrder(sqlite))
      report.tables.push(await copyTable(sqlite, client, table, options));
    await client.query("COMMIT");
    return report;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
    if (sqlite.isTransaction) sqlite.exec("COMMIT");
    sqlite.close();
  }
}

async function copyTable(
  sqlite: DatabaseSync,
  client: pg.Client,
  table: string,
  options: CopyOptions,
): Promise<TableReport> {
  const { rows: columns } = await client.query<{ column_name: string; data_type: string; is_identity: string }>(
    "SELECT column_name, data_type, is_identity FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
    [table],
  );
  if (!columns.length) throw new Error(`table ${table} exists in SQLite but not in PostgreSQL`);
  const { rows: keyRows } = await client.query<{ column_name: string }>(
    `SELECT kcu.column_name FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage kcu
         ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema AND kcu.table_name = tc.table_name
      WHERE tc.table_schema = current_schema() AND tc.table_name = $1 AND tc.constraint_type = 'PRIMARY KEY'
      ORDER BY kcu.ordinal_position`,
    [table],
  );
  const key = keyRows.map((row) => row.column_name);
  if (!key.length) throw new Error(`table ${table} has no primary key in PostgreSQL: rows cannot be matched`);
  const types = new Map(columns.map((column) => [column.column_name, column.data_type]));
  const sqliteColumns = (sqlite.prepare(`PRAGMA table_info(${quote(table)})`).all() as Array<{ name: string }>).map(
    (column) => column.name,
  );
  const names = sqliteColumns.filter((name) => types.has(name));
  for (const column of key)
    if (!names.includes(column)) throw new Error(`table ${table}: key column ${column} missing in SQLite`);
  const others = names.filter((name) => !key.includes(name));

  // Insert, or update when any column differs; RETURNING gives one row per insert or update, and
  // xmax = 0 only for a row this statement inserted.
  const onConflict = others.length
    ? `DO UPDATE SET ${others.map((name) => `${quote(name)} = EXCLUDED.${quote(name)}`).join(", ")}
       WHERE ROW(${others.map((name) => `t.${quote(name)}`).join(", ")}) IS DISTINCT FROM ROW(${others.map((name) => `EXCLUDED.${quote(name)}`).join(", ")})`
    : "DO NOTHING";
  const statement = (rows: number) =>
    `INSERT INTO ${quote(table)} AS t (${names.map(quote).join(", ")}) OVERRIDING SYSTEM VALUE
     VALUES ${Array.from({ length: rows }, (_, r) => `(${names.map((_, c) => `$${r * names.length + c + 1}`).join(", ")})`).join(", ")}
     ON CONFLICT (${key.map(quote).join(", ")}) ${onConflict}
     RETURNING (t.xmax = 0) AS inserted`;
  // SQLite keeps booleans as 0/1.
  const value = (row: Record<string, unknown>, name: string) =>
    types.get(name) === "boolean" && typeof row[name] === "number" ? row[name] === 1 : row[name];

  const total = (sqlite.prepare(`SELECT COUNT(*) AS n FROM ${quote(table)}`).get() as { n: number }).n;
  const every = options.progressEvery ?? 10_000;
  const report: TableReport = { table, read: 0, inserted: 0, updated: 0, removed: 0 };
  let batch: Array<Record<string, unknown>> = [];
  const flush = async () => {
    if (!batch.length) return;
    const { rows } = await client.query<{ inserted: boolean }>(
      statement(batch.length),
      batch.flatMap((row) => names.map((name) => value(row, name))),
    );
    const inserted = rows.filter((row) => row.inserted).length;
    report.inserted += inserted;
    report.updated += rows.length - inserted;
    const before = report.read;
    report.read += batch.length;
    batch = [];
    if (total > every && Math.floor(report.read / every) > Math.floor(before / every))
      options.onProgress?.(table, report.read, total);
  };
  for (const row of sqlite.prepare(`SELECT ${names.map(quote).join(", ")} FROM ${quote(table)}`).iterate() as Iterable<
    Record<string, unknown>
  >) {
    batch.push(row);
    if (batch.length === BATCH) await flush();
  }
  await flush();

  if (MIRRORED.has(table)) {
    const keys = sqlite.prepare(`SELECT ${key.map(quote).join(", ")} FROM ${quote(table)}`).all() as Array<
      Record<string, unknown>
    >;
    const { rowCount } = await client.query(
      `DELETE FROM ${quote(table)} AS t WHERE NOT EXISTS (
         SELECT 1 FROM jsonb_to_recordset($1::jsonb) AS k(${key.map((name) => `${quote(name)} ${types.get(name)}`).join(", ")})
          WHERE ${key.map((name) => `k.${quote(name)} = t.${quote(name)}`).join(" AND ")})`,
      [JSON.stringify(keys)],
    );
    report.removed = rowCount ?? 0;
  }
  for (const column of columns.filter((c) => c.is_identity === "YES")) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT COALESCE(MAX(${quote(column.column_name)}), 0) FROM ${quote(table)}), 1))`,
      [quote(table), column.column_name],
    );
  }
  return report;
}
