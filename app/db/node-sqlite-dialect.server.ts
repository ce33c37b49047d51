import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";

/**
 * Kysely ships a SQLite dialect for better-sqlite3; node:sqlite (built into Node, no native build)
 * differs in two small ways, bridged here: parameters are spread rather than passed as an array,
 * and a statement says whether it returns rows through `columns()` rather than `reader`.
 */
function wrap(database: DatabaseSync): SqliteDatabase {
  // Kysely prepares every query anew; the app's queries are a few dozen fixed strings, so keep
  // their compiled statements (Kysely runs one query at a time on this single connection).
  const cache = new Map<string, SqliteStatement>();
  const values = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
  return {
    close: () => {
      cache.clear();
      if (database.isOpen) database.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached) return cached;
      const statement = database.prepare(sql);
      const wrapped: SqliteStatement = {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...values(parameters)),
        run: (parameters) => statement.run(...values(parameters)),
        iterate: (parameters) => statement.iterate(...values(parameters)),
      };
      // Schema changes (migrations) and one-off statements are not worth keeping.
      if (cache.size < 500 && !/^\s*(create|alter|drop|pragma|begin|commit|rollback|savepoint|release)\b/i.test(sql))
        cache.set(sql, wrapped);
      return wrapped;
    },
  };
}

export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  return new SqliteDialect({ database: wrap(database) });
}
