import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openStore, type Store } from "../../app/db/database.server.ts";
import { migrationProvider } from "../../app/db/migrations.server.ts";
import { createRateLimiter } from "../../app/http/rate-limit.server.ts";
import { storesOver } from "../../app/stores.server.ts";
import { newTestOrder } from "../support/order-fixtures.ts";
import { testPostgres } from "../support/store.ts";

// What several instances on one PostgreSQL rely on, checked with several pools (= instances)
// against one real server: migrations once, each email claimed once, one rate-limit count.

const order = (n: number) => newTestOrder({ id: `ord_${n}`, submissionToken: `token-${n}` });

let url: string;
const opened: Store[] = [];
const open = async () => {
  const store = await openStore({ databaseUrl: url, poolSize: 4 });
  opened.push(store);
  return store;
};

beforeAll(async () => {
  url = await (await testPostgres()).createDatabase();
});
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
});

describe("PostgreSQL shared by several instances", () => {
  test("instances starting together run each migration once", async () => {
    const stores = await Promise.all(Array.from({ length: 4 }, open));
    const { rows } = await stores[0]!.pool!.query("SELECT name FROM kysely_migration ORDER BY name");
    // Every migration the code knows, each recorded once (other migrations are added over time).
    const known = Object.keys(await migrationProvider("postgres").getMigrations()).sort();
    expect(known.length).toBeGreaterThan(1);
    expect(rows.map((row) => row.name)).toEqual(known);
  });

  test("each due email is claimed by one instance only, however many claim at once", async () => {
    const [a, b, c] = await Promise.all([open(), open(), open()]).then((stores) =>
      stores.map((store) => storesOver(store)),
    );
    for (let n = 0; n < 60; n++) {
      await a!.createOrder(order(n));
      await a!.markPaid(`ord_${n}`, "confirmation");
    }
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => [a, b, c][i % 3]!.claimDueEmails(7, 60_000)));
    const ids = claims.flat().map((message) => message.id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    // Leases held: nothing more to claim, and a new instance starting does not release them.
    const late = storesOver(await open());
    expect(await late.claimDueEmails(100, 60_000)).toEqual([]);
  });

  test("the health probe's write: taken by a writable database, refused by a read-only one, nothing left behind", async () => {
    const store = storesOver(await open());
    await Promise.all([store.probeWrite(), store.probeWrite(), storesOver(await open()).probeWrite()]);
    const { rows } = await store.store.pool!.query(
      "SELECT COUNT(*)::int AS n FROM app_settings WHERE key LIKE 'health-probe-%'",
    );
    expect(rows[0].n).toBe(0);
    // A replica or a database switched to read-only refuses it; /healthz then answers 503.
    const database = new URL(url).pathname.slice(1);
    await store.store.pool!.query(`ALTER DATABASE "${database}" SET default_transaction_read_only = on`);
    try {
      const readOnly = storesOver(await open());
      await expect(readOnly.probeWrite()).rejects.toThrow(/read-only/);
      await readOnly.ping();
    } finally {
      await store.store.pool!.query(`ALTER DATABASE "${database}" SET default_transaction_read_only = off`);
    }
  });

  test("a rate limit is counted across instances", async () => {
    const limiters = (await Promise.all([open(), open()])).map((store) =>
      createRateLimiter({ name: "test", limit: 5, windowMs: 60_000, pool: store.pool }),
    );
    const answers: boolean[] = [];
    for (let i = 0; i < 8; i++) answers.push((await limiters[i % 2]!.take("203.0.113.7")).ok);
    expect(answers).toEqual([true, true, true, true, true, false, false, false]);
    expect((await limiters[0]!.take("203.0.113.8")).ok).toBe(true);
  });
});
