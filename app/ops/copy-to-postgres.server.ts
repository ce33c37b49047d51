import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { openStore } from "../db/database.server.ts";

export interface CopyReport {
  /** Per table: rows read from SQLite, rows newly written to PostgreSQL. */
  tables: Array<{ table: string; read: number; written: number }>;
}

/** Tables in an order where each comes after those it references (SQLite's foreign key list). */
function tablesInDependencyOrder(sqlite: DatabaseSync): string[] {
  const names = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'").all() as Array<{ name: string }>).map((row) => row.name);
  const references = new Map(
    names.map((name) => [name, (sqlite.prepare(`PRAGMA foreign_key_list("${name}")`).all() as Array<{ table: string }>).map((fk) => fk.table).filter((t) => t !== name)]),
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

/**
 * Copies every table of an SQLite database (the embedded default) into PostgreSQL: the target's
 * schema is created by the same migrations first, rows are inserted in one transaction, rows that
 * exist already are left alone (so a second run after a failure, or a final run after a first
 * rehearsal, copies only what is new), and identity counters continue after the copied ids.
 */
export async function copySqliteToPostgres(sqliteFile: string, databaseUrl: string): Promise<CopyReport> {
  // Bring both schemas to the latest version (the SQLite file may come from an older release).
  await (await openStore({ sqliteFile })).close();
  await (await openStore({ databaseUrl })).close();

  const sqlite = new DatabaseSync(sqliteFile, { readOnly: true });
  const client = new pg.Client(databaseUrl);
  await client.connect();
  const report: CopyReport = { tables: [] };
  try {
    await client.query("BEGIN");
    for (const table of tablesInDependencyOrder(sqlite)) {
      const { rows: columns } = await client.query<{ column_name: string; data_type: string; is_identity: string }>(
        "SELECT column_name, data_type, is_identity FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
        [table],
      );
      if (!columns.length) throw new Error(`table ${table} exists in SQLite but not in PostgreSQL`);
      const types = new Map(columns.map((column) => [column.column_name, column.data_type]));
      const rows = sqlite.prepare(`SELECT * FROM "${table}"`).all() as Array<Record<string, unknown>>;
      let written = 0;
      for (const row of rows) {
        const names = Object.keys(row).filter((name) => types.has(name));
        // SQLite keeps booleans as 0/1.
        const values = names.map((name) => (types.get(name) === "boolean" && typeof row[name] === "number" ? row[name] === 1 : row[name]));
        const result = await client.query(
          `INSERT INTO "${table}" (${names.map((name) => `"${name}"`).join(", ")}) OVERRIDING SYSTEM VALUE
           VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")}) ON CONFLICT DO NOTHING`,
          values,
        );
        written += result.rowCount ?? 0;
      }
      for (const column of columns.filter((c) => c.is_identity === "YES")) {
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT COALESCE(MAX("${column.column_name}"), 0) FROM "${table}"), 1))`,
          [`"${table}"`, column.column_name],
        );
      }
      report.tables.push({ table, read: rows.length, written });
    }
    await client.query("COMMIT");
    return report;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
    sqlite.close();
  }
}
