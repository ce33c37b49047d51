import fs from "node:fs";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import ts from "typescript";
import { afterAll, describe, expect, test } from "vitest";
import { openStore, type Store } from "./database.server.ts";
import type { Database } from "./schema.ts";
import { openTestStore, storeKind } from "../../tests/support/store.ts";

/**
 * app/db/schema.ts's table types are written by hand beside the migrations' SQL
 * (migrations.server.ts). This migrates an empty database (SQLite, and PostgreSQL in the
 * "postgres" run: vitest.config.ts's BOTH_STORES) and compares every table and column with the
 * types: the column exists on both sides, its type class (text or number), whether it may be null,
 * and that a column the types mark Generated<> (optional on insert) has a default, an identity, or
 * may be null. A difference fails with the exact line to add or change in schema.ts.
 */

type TypeClass = "string" | "number" | "boolean";
interface Column {
  type: TypeClass;
  nullable: boolean;
  /** Optional on insert: Generated<> in the types; a default, identity or NULL in the database. */
  optional: boolean;
}
type Tables = Map<string, Map<string, Column>>;

const SCHEMA_FILE = path.join(import.meta.dirname, "schema.ts");

/**
 * Tables a migration creates that no Kysely query reads, so schema.ts has no type for them: each
 * with who owns it. Keep this list short: a table the app queries belongs in schema.ts.
 */
const NOT_KYSELY: Record<string, string> = {
  rate_limits: "rate-limiter-flexible's counters, PostgreSQL only (app/http/rate-limit.server.ts)",
};

/** The tables as schema.ts types them: Database's members, each one's interface, read by the TypeScript parser. */
export function typedTables(source = fs.readFileSync(SCHEMA_FILE, "utf8")): Tables {
  const file = ts.createSourceFile("schema.ts", source, ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  file.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const database = interfaces.get("Database");
  if (!database) throw new Error("app/db/schema.ts has no Database interface");
  const tables: Tables = new Map();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const name = (member.name as ts.Identifier).text;
    const table = interfaces.get(member.type.typeName.getText(file));
    if (!table)
      throw new Error(`Database.${name} names ${member.type.typeName.getText(file)}, not declared in schema.ts`);
    const columns = new Map<string, Column>();
    for (const column of table.members) {
      if (ts.isPropertySignature(column) && column.type)
        columns.set((column.name as ts.Identifier).text, columnOfType(column.type, file));
    }
    tables.set(name, columns);
  }
  return tables;
}

function columnOfType(node: ts.TypeNode, file: ts.SourceFile): Column {
  let optional = false;
  if (ts.isTypeReferenceNode(node) && node.typeName.getText(file) === "Generated" && node.typeArguments?.[0]) {
    optional = true;
    node = node.typeArguments[0];
  }
  const parts = ts.isUnionTypeNode(node) ? [...node.types] : [node];
  let nullable = false;
  const classes = new Set<TypeClass>();
  for (const part of parts) {
    if (ts.isLiteralTypeNode(part) && part.literal.kind === ts.SyntaxKind.NullKeyword) nullable = true;
    else if (part.kind === ts.SyntaxKind.StringKeyword) classes.add("string");
    else if (part.kind === ts.SyntaxKind.NumberKeyword) classes.add("number");
    else if (part.kind === ts.SyntaxKind.BooleanKeyword) classes.add("boolean");
    else if (ts.isLiteralTypeNode(part) && ts.isStringLiteral(part.literal)) classes.add("string");
    else if (ts.isLiteralTypeNode(part) && ts.isNumericLiteral(part.literal)) classes.add("number");
    else throw new Error(`schema.ts: a column type this test cannot class: ${part.getText(file)}`);
  }
  if (classes.size !== 1) throw new Error(`schema.ts: a column of mixed type: ${node.getText(file)}`);
  return { type: [...classes][0]!, nullable, optional };
}

function classOfSql(type: string): TypeClass {
  const t = type.toLowerCase();
  if (/int|numeric|real|double|float|decimal/.test(t)) return "number";
  if (/bool/.test(t)) return "boolean";
  if (/text|char|clob|uuid|json|date|time/.test(t)) return "string";
  throw new Error(`a column of SQL type ${type} this test cannot class`);
}

/** The tables as the migrations made them (Kysely's own bookkeeping left out). */
export async function migratedTables(store: Store): Promise<Tables> {
  const tables: Tables = new Map();
  const add = (table: string, column: string, value: Column) => {
    if (!tables.has(table)) tables.set(table, new Map());
    tables.get(table)!.set(column, value);
  };
  if (store.dialect === "sqlite") {
    const db = store.db as unknown as Kysely<never>;
    const names = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
      AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name`.execute(db);
    for (const { name } of names.rows.filter((row) => !(row.name in NOT_KYSELY))) {
      const columns = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
        SELECT * FROM pragma_table_info(${name})`.execute(db);
      for (const c of columns.rows) {
        // A primary key column is never null in the app (SQLite would let a TEXT key be NULL, the app never writes one).
        const nullable = c.notnull === 0 && c.pk === 0;
        const autoId = c.pk === 1 && /^integer$/i.test(c.type) && columns.rows.filter((x) => x.pk > 0).length === 1;
        add(name, c.name, {
          type: classOfSql(c.type),
          nullable,
          optional: nullable || c.dflt_value !== null || autoId,
        });
      }
    }
  } else {
    const columns = await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
    }>`SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity
       FROM information_schema.columns c JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'kysely_%'
       ORDER BY c.table_name, c.ordinal_position`.execute(store.db as unknown as Kysely<never>);
    for (const c of columns.rows.filter((row) => !(row.table_name in NOT_KYSELY))) {
      const nullable = c.is_nullable === "YES";
      add(c.table_name, c.column_name, {
        type: classOfSql(c.data_type),
        nullable,
        optional: nullable || c.column_default !== null || c.is_identity === "YES",
      });
    }
  }
  return tables;
}

const interfaceName = (table: string) =>
  table.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase()) + "Table";
const typeText = ({ type, nullable, optional }: Column) => {
  const inner = nullable ? `${type} | null` : type;
  return optional ? `Generated<${inner}>` : inner;
};

/** Every difference between the migrated tables and the typed ones, each saying what to write in schema.ts. */
export function differences(migrated: Tables, typed: Tables, dialect: string): string[] {
  const found: string[] = [];
  for (const [table, columns] of migrated) {
    const types = typed.get(table);
    if (!types) {
      const body = [...columns].map(([name, column]) => `  ${name}: ${typeText(column)};`).join("\n");
      found.push(
        `table ${table} (${dialect}) has no type: add to app/db/schema.ts\n` +
          `export interface ${interfaceName(table)} {\n${body}\n}\n` +
          `and \`${table}: ${interfaceName(table)};\` to interface Database`,
      );
      continue;
    }
    for (const [name, column] of columns) {
      const typedColumn = types.get(name);
      const where = `${table}.${name} (${dialect})`;
      if (!typedColumn) {
        found.push(
          `${where} is in the migrations but not the types: add \`${name}: ${typeText(column)};\` to the table's interface in app/db/schema.ts`,
        );
        continue;
      }
      if (typedColumn.type !== column.type)
        found.push(`${where} holds a ${column.type} in the database but is typed ${typedColumn.type}`);
      if (typedColumn.nullable !== column.nullable)
        found.push(
          column.nullable
            ? `${where} may be NULL in the database: type it \`${typeText({ ...typedColumn, nullable: true })}\` (or make the column NOT NULL)`
            : `${where} is NOT NULL in the database: drop \`| null\` from its type (or let the column be NULL)`,
        );
      if (typedColumn.optional && !column.optional)
        found.push(
          `${where} is typed Generated<> (optional on insert) but has no default in the database: an insert without it fails`,
        );
    }
    for (const name of types.keys())
      if (!columns.has(name))
        found.push(
          `${table}.${name} is typed in app/db/schema.ts but no migration creates it (${dialect}): add the migration or remove the type`,
        );
  }
  for (const table of typed.keys())
    if (!migrated.has(table))
      found.push(`table ${table} is typed in app/db/schema.ts but no migration creates it (${dialect})`);
  return found;
}

/**
 * The indexes and unique constraints each migrated database has, one line per index:
 * `table(columns) unique? partial?` — names left out (SQLite and PostgreSQL name a constraint's
 * index differently), an expression written `expr`.
 */
export async function indexesOf(store: Store): Promise<string[]> {
  const db = store.db as unknown as Kysely<never>;
  const lines: string[] = [];
  if (store.dialect === "sqlite") {
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
      AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(db);
    for (const { name: table } of tables.rows.filter((row) => !(row.name in NOT_KYSELY))) {
      const indexes = await sql<{ name: string; unique: number; origin: string; partial: number }>`
        SELECT * FROM pragma_index_list(${table})`.execute(db);
      for (const index of indexes.rows) {
        const columns = await sql<{
          name: string | null;
        }>`SELECT name FROM pragma_index_info(${index.name}) ORDER BY seqno`.execute(db);
        lines.push(
          indexLine(
            table,
            columns.rows.map((c) => c.name ?? "expr"),
            index.unique === 1,
            index.partial === 1,
          ),
        );
      }
      // An INTEGER PRIMARY KEY is the rowid: no index of its own in SQLite, a unique index in PostgreSQL.
      const rowid = await sql<{
        name: string;
        type: string;
        pk: number;
      }>`SELECT name, type, pk FROM pragma_table_info(${table}) WHERE pk > 0`.execute(db);
      if (
        rowid.rows.length === 1 &&
        /^integer$/i.test(rowid.rows[0]!.type) &&
        !indexes.rows.some((i) => i.origin === "pk")
      )
        lines.push(indexLine(table, [rowid.rows[0]!.name], true, false));
    }
  } else {
    const indexes = await sql<{ table: string; columns: string; unique: boolean; partial: boolean }>`
      SELECT t.relname AS table, i.indisunique AS unique, i.indpred IS NOT NULL AS partial,
        (SELECT string_agg(COALESCE(a.attname, 'expr'), ',' ORDER BY k.ord)
           FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
           LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum AND k.attnum > 0) AS columns
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname NOT LIKE 'kysely_%'`.execute(db);
    for (const index of indexes.rows.filter((row) => !(row.table in NOT_KYSELY)))
      lines.push(indexLine(index.table, index.columns.split(","), index.unique, index.partial));
  }
  return lines.sort();
}

const indexLine = (table: string, columns: string[], unique: boolean, partial: boolean) =>
  `${table}(${columns.join(", ")})${unique ? " unique" : ""}${partial ? " partial" : ""}`;

let store: Store | undefined;
afterAll(async () => store?.close());

describe(`the migrated database (${storeKind}) matches app/db/schema.ts`, () => {
  test("every table and column: its type class, nullability, and a default where the types say Generated<>", async () => {
    store = await openTestStore();
    const migrated = await migratedTables(store);
    // The comparison read something: every table the Database type names, in both directions.
    expect(migrated.size).toBeGreaterThan(20);
    expect(differences(migrated, typedTables(), store.dialect)).toEqual([]);
  });

  test("the same indexes and unique constraints as the other database's migrations", async () => {
    // SQLite is always at hand: in the PostgreSQL run, both databases' indexes are compared.
    const sqlite = store?.dialect === "sqlite" ? store : await openStore({ sqliteFile: ":memory:" });
    const other = store ?? (await openTestStore());
    try {
      const [mine, theirs] = [await indexesOf(other), await indexesOf(sqlite)];
      expect(mine.length).toBeGreaterThan(10);
      const only = (a: string[], b: string[]) => a.filter((line) => !b.includes(line));
      expect({ [`only in ${other.dialect}`]: only(mine, theirs), "only in sqlite": only(theirs, mine) }).toEqual({
        [`only in ${other.dialect}`]: [],
        "only in sqlite": [],
      });
    } finally {
      if (sqlite !== store) await sqlite.close();
    }
  });

  test("a column a migration adds without its type fails, with the line to add", async () => {
    const extra = await openStore({ sqliteFile: ":memory:" });
    try {
      await sql`ALTER TABLE orders ADD COLUMN courier_note TEXT`.execute(extra.db as unknown as Kysely<Database>);
      await sql`CREATE TABLE parcel_labels (id TEXT PRIMARY KEY, order_id TEXT NOT NULL, weight INTEGER)`.execute(
        extra.db as unknown as Kysely<Database>,
      );
      expect(differences(await migratedTables(extra), typedTables(), "sqlite")).toEqual([
        "orders.courier_note (sqlite) is in the migrations but not the types: add `courier_note: Generated<string | null>;` to the table's interface in app/db/schema.ts",
        "table parcel_labels (sqlite) has no type: add to app/db/schema.ts\n" +
          "export interface ParcelLabelsTable {\n  id: string;\n  order_id: string;\n  weight: Generated<number | null>;\n}\n" +
          "and `parcel_labels: ParcelLabelsTable;` to interface Database",
      ]);
    } finally {
      await extra.close();
    }
  });

  test("a type the database does not back fails too: a wrong class, a missing NOT NULL, a Generated<> without default", () => {
    const typed = typedTables(
      fs
        .readFileSync(SCHEMA_FILE, "utf8")
        .replace(
          "SequencesTable {\n  name: string;\n  value: number;",
          "SequencesTable {\n  name: Generated<string>;\n  value: string;\n  ghost: string;",
        )
        .replace("  received_at: string;", "  received_at: string | null;"),
    );
    // The database as the real types describe it (the first test proved them equal).
    const migrated = typedTables();
    expect(differences(migrated, typed, "sqlite")).toEqual([
      "sequences.name (sqlite) is typed Generated<> (optional on insert) but has no default in the database: an insert without it fails",
      "sequences.value (sqlite) holds a number in the database but is typed string",
      "sequences.ghost is typed in app/db/schema.ts but no migration creates it (sqlite): add the migration or remove the type",
      "payment_events.received_at (sqlite) is NOT NULL in the database: drop `| null` from its type (or let the column be NULL)",
    ]);
  });
});
