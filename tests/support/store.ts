import { afterAll, afterEach, beforeEach } from "vitest";
import { openStore, type Store } from "../../app/db/database.server.ts";
import { storesOver, type Stores } from "../../app/stores.server.ts";
import { startPostgres, type TestPostgres } from "./postgres.ts";

/**
 * Which database the tests run against. The default Vitest project uses the embedded SQLite; the
 * "postgres" project (vitest.config.ts) sets TEST_STORE=postgres and runs the same files against a
 * PostgreSQL server started once per test file. Each data directory (a server's identity in the
 * tests) gets its own database, so a restarted server finds its orders again.
 */
export const storeKind: "sqlite" | "postgres" = process.env.TEST_STORE === "postgres" ? "postgres" : "sqlite";

let server: Promise<TestPostgres> | undefined;
const databases = new Map<string, Promise<string>>();

/** The PostgreSQL server of this test file, started on first use and stopped after the file. */
export function testPostgres(): Promise<TestPostgres> {
  server ??= startPostgres();
  return server;
}

// Under Vitest, the server stops after the test file (this module is also loaded by the bench,
// through support/server.ts, where no test runner exists).
if (process.env.VITEST) {
  afterAll(async () => {
    const running = server;
    server = undefined;
    databases.clear();
    if (running) await (await running).stop();
  }, 60_000);
}

/** The DATABASE_URL for a server keeping its data in dataDir; undefined with SQLite. */
export async function databaseUrlFor(dataDir: string): Promise<string | undefined> {
  if (storeKind === "sqlite") return undefined;
  if (!databases.has(dataDir))
    databases.set(
      dataDir,
      testPostgres().then((pg) => pg.createDatabase()),
    );
  return databases.get(dataDir);
}

/** A fresh, migrated, empty store of the kind under test. */
export async function openTestStore(): Promise<Store> {
  if (storeKind === "sqlite") return openStore({ sqliteFile: ":memory:" });
  return openStore({ databaseUrl: await (await testPostgres()).createDatabase() });
}

/**
 * Fresh stores for each test of the file (a new empty database per test, closed after it), the
 * kind under test. Call at the top of a file: `const repo = storesPerTest();`, then use `repo`
 * inside tests and hooks.
 */
export function storesPerTest(): Stores {
  let current: Stores | undefined;
  beforeEach(async () => {
    current = storesOver(await openTestStore());
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as Stores, {
    get(_, key) {
      if (!current) throw new Error("storesPerTest(): the stores exist inside a test or a hook only");
      const field = Reflect.get(current, key);
      return typeof field === "function" ? field.bind(current) : field;
    },
  });
}
