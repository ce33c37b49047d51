import { afterAll, describe, expect, test } from "vitest";
import { AdminClient, ownerReset, setUpOwner, totpCode } from "../support/admin.ts";
import { startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { testPostgres } from "../support/store.ts";

// Issue 21 item 2: sign-in limits that hold under concurrency, on SQLite (one instance) and on two
// instances sharing PostgreSQL. A wrong password or code answers 401 only after it was really
// checked (429 when refused first), so the 401s count the real checks. The server trusts one proxy
// hop, so X-Forwarded-For names the client's address.

const PASSWORD = "correct horse battery staple";
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
});

async function start(env: Record<string, string> = {}, dataDir = tempDataDir()) {
  const server = await startServer({ LOG_LEVEL: "silent", TRUST_PROXY: "true", ...env, DATA_DIR: dataDir });
  servers.push(server);
  return server;
}

const from = (ip: string) => ({ headers: { "X-Forwarded-For": ip } });

/** A code that is none of the three the server accepts now (one step of drift either way). */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1, 2].map((offset) => totpCode(secret, offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

/** Fires `count` wrong passwords at once (spread over the servers), then more one by one until locked. */
async function passwordBurst(servers: RunningServer[], ip: string, count: number) {
  const burst = await Promise.all(
    Array.from({ length: count }, (_, i) => new AdminClient(servers[i % servers.length]!.url).post("/admin/sign-in", { password: `wrong guess ${i}` }, from(ip)).then((res) => res.status)),
  );
  const after: number[] = [];
  for (let i = 0; i < 12; i++) after.push((await new AdminClient(servers[i % servers.length]!.url).post("/admin/sign-in", { password: `later guess ${i}` }, from(ip))).status);
  return [...burst, ...after];
}

/** An aal1 session (right password), then `count` wrong codes at once with it (spread over the servers). */
async function codeBurst(servers: RunningServer[], secret: string, ip: string, count: number) {
  const client = new AdminClient(servers[0]!.url);
  const signedIn = await client.post("/admin/sign-in", { password: PASSWORD }, from("192.0.2.200"));
  expect(signedIn.status).toBe(303);
  const code = wrongCode(secret);
  return Promise.all(
    Array.from({ length: count }, (_, i) => {
      const on = new AdminClient(servers[i % servers.length]!.url);
      on.cookie = client.cookie;
      return on.post("/admin/verify", { code }, from(ip)).then((res) => res.status);
    }),
  );
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("one instance on SQLite", () => {
  test("60 concurrent wrong passwords from one address: at most 10 are checked, the rest refused before", async () => {
    const server = await start();
    await setUpOwner(server.url, ownerReset(server.dataDir, server.url), PASSWORD);
    const statuses = await passwordBurst([server], "203.0.113.10", 60);
    expect(count(statuses, 401)).toBeLessThanOrEqual(10);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(statuses.length);
    expect(statuses.at(-1)).toBe(429);

    // 300 concurrent wrong codes from one address with a password-only session: at most 10 checked.
    const { secret } = await setUpOwner(server.url, ownerReset(server.dataDir, server.url), PASSWORD);
    const codes = await codeBurst([server], secret, "203.0.113.11", 300);
    expect(count(codes, 401)).toBeLessThanOrEqual(10);
    expect(count(codes, 401)).toBeGreaterThan(0);
    expect(count(codes, 401) + count(codes, 429)).toBe(codes.length);
  }, 120_000);
});

describe("two instances on one PostgreSQL", () => {
  test("bursts spread over both instances: at most 10 passwords and 10 codes checked per address", async () => {
    const url = await (await testPostgres()).createDatabase();
    const [a, b] = await Promise.all([start({ DATABASE_URL: url }), start({ DATABASE_URL: url })]);
    await setUpOwner(a!.url, ownerReset(a!.dataDir, a!.url, url), PASSWORD);
    const statuses = await passwordBurst([a!, b!], "203.0.113.20", 60);
    expect(count(statuses, 401)).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);

    const { secret } = await setUpOwner(a!.url, ownerReset(a!.dataDir, a!.url, url), PASSWORD);
    const codes = await codeBurst([a!, b!], secret, "203.0.113.21", 300);
    expect(count(codes, 401)).toBeLessThanOrEqual(10);
    expect(count(codes, 401)).toBeGreaterThan(0);
    expect(count(codes, 401) + count(codes, 429)).toBe(codes.length);
  }, 180_000);
});

// Issue 21 item 4: password hashing cannot stall the site. At the production cost (scrypt N=2^17),
// 24 concurrent sign-ins used to hold libuv's 4 threads, so /healthz, pages and CSS waited 21 s.
describe("a burst of sign-ins at the production hash cost", () => {
  test("/healthz, a page and the CSS answer as fast as without it; the excess gets 429 + Retry-After before hashing", async () => {
    const server = await start({ PASSWORD_HASH_LOG2_N: "" });
    await setUpOwner(server.url, ownerReset(server.dataDir, server.url), PASSWORD);
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(await (await fetch(`${server.url}/`)).text())?.[1];
    expect(css).toBeTruthy();
    /** The slowest of /healthz, a page and the stylesheet, fetched together (compressed, as browsers ask). */
    const probe = async () => {
      const started = performance.now();
      const statuses = await Promise.all(["/healthz", "/subscription", css!].map(async (p) => (await fetch(server.url + p, { headers: { "Accept-Encoding": "gzip" } })).status));
      expect(statuses).toEqual([200, 200, 200]);
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    await probe();
    const baseline = median([await probe(), await probe(), await probe(), await probe(), await probe()]);

    let done = false;
    const burst = Promise.all(
      Array.from({ length: 24 }, (_, i) => new AdminClient(server.url).post("/admin/sign-in", { password: `burst guess ${i}` }, from(`198.51.100.${i + 1}`))),
    ).finally(() => (done = true));
    const during: number[] = [];
    while (!done || during.length < 3) during.push(await probe());
    const answers = await burst;

    // Generous: a loaded machine moves both figures; a stalled thread pool costs tens of seconds.
    expect(Math.max(...during)).toBeLessThan(Math.max(2_000, baseline * 20));
    const refused = answers.filter((res) => res.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((res) => Number(res.headers.get("retry-after")) > 0)).toBe(true);
    expect(answers.filter((res) => res.status === 401).length).toBeGreaterThan(0);
  }, 180_000);
});
