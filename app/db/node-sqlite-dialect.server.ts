import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";

/**
 * Kysely ships a SQLite dialect for better-sqlite3; node:sqlite (built into Node, no native build)
 * differs in two small ways, bridged here: parameters are spread rather than passed as an array,
 * and a statement says whether it returns rows through `columns()` rather than `reader`.
 */
function wrap(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => {
      if (database.isOpen) database.close();
    },
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql);
      const values = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...values(parameters)),
        run: (parameters) => statement.run(...values(parameters)),
        iterate: (parameters) => statement.iterate(...values(parameters)),
      };
    },
  };
}

export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  return new SqliteDialect({ database: wrap(database) });
}
