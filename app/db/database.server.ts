import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrationProvider } from "./migrations.server.ts";
import { nodeSqliteDialect } from "./node-sqlite-dialect.server.ts";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

/** The one database of the site, with the queries' dialect (a few statements differ). */
export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The connection pool under Kysely (PostgreSQL only), for libraries that take one. */
  pool?: pg.Pool;
  /** The SQLite connection under Kysely (SQLite only), for its online backup API. */
  sqlite?: DatabaseSync;
  close(): Promise<void>;
}

export interface StoreConfig {
  /** postgres://…: every instance shares this database. Unset: the embedded SQLite file. */
  databaseUrl?: string;
  /** The SQLite file (or ":memory:") when no databaseUrl is given. */
  sqliteFile?: string;
  /** Pool size per instance (PostgreSQL). */
  poolSize?: number;
}

// PostgreSQL's BIGINT (epoch milliseconds, COUNT(*)) arrives as a string by default; ours fit a double.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

function sqliteDatabase(file: string): DatabaseSync {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new DatabaseSync(file);
  database.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
  );
  return database;
}

function postgresPool(url: string, poolSize: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  // An idle client's error (the server restarted) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  return pool;
}

/** Opens the database and brings its schema up to date. */
export async function openStore(config: StoreConfig): Promise<Store> {
  const dialect: Dialect = config.databaseUrl ? "postgres" : "sqlite";
  const pool = config.databaseUrl ? postgresPool(config.databaseUrl, config.poolSize ?? 10) : undefined;
  const sqlite = pool ? undefined : sqliteDatabase(config.sqliteFile ?? ":memory:");
  const db = sqlite
    ? new Kysely<Database>({ dialect: nodeSqliteDialect(sqlite) })
    : new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool! }) });
  const { error, results } = await new Migrator({ db, provider: migrationProvider(dialect) }).migrateToLatest();
  if (error) {
    await db.destroy();
    const failed = results?.find((result) => result.status === "Error")?.migrationName;
    throw new Error(`database migration ${failed ?? ""} failed: ${String((error as Error)?.message ?? error)}`);
  }
  return { db, dialect, pool, sqlite, close: () => db.destroy() };
}
