import { afterAll, expect, test } from "vitest";
import { openStore, type Store } from "../db/database.server.ts";
import { storeKind, testPostgres } from "../../tests/support/store.ts";
import { createLimits, limitPolicies, type LimitName, type Limits, type LimitSettings } from "./limits.server.ts";

// Runs on both stores (vitest.config.ts): in memory (the single SQLite instance) and on PostgreSQL,
// where two instances share the `rate_limits` table (two pools on one database).

const SETTINGS: LimitSettings = {
  ORDER_RATE_LIMIT: 20,
  RESEND_RATE_LIMIT: 5,
  LOOKUP_RATE_LIMIT: 60,
  MANAGE_LINK_RATE_LIMIT: 5,
  QUOTE_ACK_DAILY_LIMIT: 3,
};
const stores: Store[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.db.destroy()));
});

/** The site's limits as each instance sees them: one in memory, two over one PostgreSQL. */
async function instances(): Promise<Limits[]> {
  if (storeKind === "sqlite") return [createLimits(SETTINGS)];
  const url = await (await testPostgres()).createDatabase();
  const opened = await Promise.all([openStore({ databaseUrl: url }), openStore({ databaseUrl: url })]);
  stores.push(...opened);
  return opened.map((store) => createLimits(SETTINGS, store.pool));
}

test("a concurrent burst at every limit of the site gets exactly its points, across instances", async () => {
  const sites = await instances();
  const policies = limitPolicies(SETTINGS);
  for (const name of Object.keys(policies) as LimitName[]) {
    const { points } = policies[name];
    expect(points).toBeGreaterThan(0);
    // Each allowed attempt is one real action (a check, an order, an email): count them.
    let actions = 0;
    const burst = Array.from({ length: points * 3 + 5 }, async (_, i) => {
      const taken = await sites[i % sites.length]!.take([name, "203.0.113.9"]);
      if (taken.ok) actions++;
      return taken;
    });
    const answers = await Promise.all(burst);
    expect({ name, actions }).toEqual({ name, actions: points });
    const refused = answers.find((answer) => !answer.ok);
    expect(refused && !refused.ok && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused && !refused.ok && refused.retryAfterSeconds).toBeLessThanOrEqual(policies[name].windowSeconds);
    // Another key has its own budget.
    expect((await sites[0]!.take([name, "198.51.100.1"])).ok).toBe(true);
  }
}, 300_000);

test("a success gives its points back; an attempt refused by one limit gives back the others'", async () => {
  const [site] = await instances();
  const ip = "192.0.2.44";
  for (let i = 0; i < 20; i++) {
    const taken = await site!.take(["signInIp", ip]);
    expect(taken.ok).toBe(true);
    if (taken.ok) await taken.refund();
  }
  // The account's budget spent from elsewhere: this IP's attempt is refused and costs it nothing.
  for (let i = 0; i < 30; i++) expect((await site!.take(["signInAccount", "owner"])).ok).toBe(true);
  for (let i = 0; i < 12; i++) expect((await site!.take(["signInIp", ip], ["signInAccount", "owner"])).ok).toBe(false);
  for (let i = 0; i < 10; i++) expect((await site!.take(["signInIp", ip])).ok).toBe(true);
  expect((await site!.take(["signInIp", ip])).ok).toBe(false);
}, 300_000);
