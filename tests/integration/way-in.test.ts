import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { openStores, type Stores } from "../../app/stores.server.ts";
import {
  AdminClient,
  freshCode,
  ownerReset,
  recoveryCodesIn,
  setUpOwner,
  signInWithRecoveryCode,
} from "../support/admin.ts";
import { decodeMail, emlFiles, waitFor } from "../support/orders.ts";
import { settledLogs } from "../support/logs.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { SoftAuthenticator } from "../support/soft-authenticator.ts";
import { databaseUrlFor } from "../support/store.ts";

// A way in without a shell (ADR 017), over HTTP against the built server, on SQLite and
// (project "postgres") on PostgreSQL: the set-up link emailed once, recovery codes, "forgot
// password" with a second factor, passkeys (a software authenticator made from the WebAuthn spec).
// The server trusts one proxy hop, so each test names its own client address (the sign-in limits
// count per address).

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a brand new phone-typed passphrase";
const OWNER_EMAIL = "owner@example.com";
const en = JSON.parse(fs.readFileSync(path.resolve("locales/en/admin.json"), "utf8"));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

// Each TOTP sign-in spends one 30-second step (a code is never accepted twice): a test signing in
// again may wait for the next step. Tests about something else sign in with a recovery code taken
// from the end of `codes` (tests about the codes themselves use them from the start).
// Generous, never a speed limit.
vi.setConfig({ testTimeout: 120_000 });

const env = { OWNER_EMAIL, OWNER_LANG: "en", TRUST_PROXY: "true", OUTBOX_POLL_MS: "100" };
let server: RunningServer;
let secret = "";
let codes: string[] = [];
let password = PASSWORD;

beforeAll(async () => {
  server = await startServer(env);
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const from = (ip: string) => ({ headers: { "X-Forwarded-For": ip } });

async function withStore<T>(query: (store: Stores) => Promise<T>): Promise<T> {
  const store = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
  try {
    return await query(store);
  } finally {
    await store.close();
  }
}

const outboxKinds = (kind: string) =>
  withStore(
    async (store) => (await store.db.selectFrom("outbox").select("id").where("kind", "=", kind).execute()).length,
  );

/** The newest email of this kind written to the outbox directory, decoded. */
async function lastEmail(kind: string, count = 1): Promise<string> {
  const files = await waitFor(
    () => {
      const found = emlFiles(server.dataDir).filter((file) => file.endsWith(`-${kind}.eml`));
      return found.length >= count ? found : undefined;
    },
    20_000,
    `${count} ${kind} email(s)`,
  );
  const newest = files
    .map((file) => path.join(server.dataDir, "outbox", file))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs)
    .at(-1)!;
  return decodeMail(fs.readFileSync(newest, "utf8"));
}

describe("the first set-up link", () => {
  test("is emailed to OWNER_EMAIL once — the same link as in the log — and a restart sends no other", async () => {
    const line = await waitFor(
      () =>
        server
          .logs()
          .split("\n")
          .find((l) => l.includes("/admin/setup?token=")),
      20_000,
      "set-up link in the log",
    );
    const logged = JSON.parse(line).url as string;
    const mail = await lastEmail("owner-setup");
    expect(mail).toMatch(new RegExp(`^To: ${OWNER_EMAIL}`, "m"));
    expect(mail).toContain(en.notify.setupSubject.replace("{{site}}", new URL(server.url).host));
    expect(mail).toContain(logged);

    // Restarted on the same database before anyone used it: the set-up is pending, nothing new is sent.
    expect(await server.stop()).toBe(0);
    server = await startServer({ ...env, DATA_DIR: server.dataDir });
    await waitFor(() => server.logs().includes("No back-office owner yet"), 20_000, "the pending notice");
    expect(server.logs()).not.toContain("/admin/setup?token=");
    expect(await outboxKinds("owner-setup")).toBe(1);

    // The emailed link works (once), and enrolment hands out the recovery codes.
    ({ secret, codes } = await setUpOwner(server.url, logged, PASSWORD));
    expect((await new AdminClient(server.url).get(new URL(logged).pathname + new URL(logged).search)).status).toBe(403);
  });
});

describe("recovery codes", () => {
  test("ten, shown once at enrolment, stored only as hashes", async () => {
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const rows = await withStore((store) => store.db.selectFrom("owner_recovery_codes").selectAll().execute());
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace(/-/g, ""));
    }
    for (const row of rows) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("each signs in once in place of the code; a used one is refused", async () => {
    const client = new AdminClient(server.url);
    expect((await client.post("/admin/sign-in", { password }, from("198.51.100.1"))).status).toBe(303);
    const page = await (await client.get("/admin/verify", from("198.51.100.1"))).text();
    expect(page).toContain(en.recovery.useOne);
    // Typed as people type: upper case, spaces instead of dashes.
    const used = await client.post(
      "/admin/verify",
      { code: codes[0]!.toUpperCase().replace(/-/g, " ") },
      from("198.51.100.1"),
    );
    expect(used.status).toBe(303);
    expect(used.headers.get("location")).toBe("/admin");
    expect((await client.get("/admin")).status).toBe(200);

    const again = new AdminClient(server.url);
    expect((await again.post("/admin/sign-in", { password }, from("198.51.100.2"))).status).toBe(303);
    const refused = await again.post("/admin/verify", { code: codes[0]! }, from("198.51.100.2"));
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain(html(en.errors.wrongRecoveryCode));
  });

  test("one code used by 8 sign-ins at once signs in exactly one", async () => {
    // Eight password-only sessions (one after the other: password hashes run one at a time)…
    const clients: AdminClient[] = [];
    for (let i = 0; i < 8; i++) {
      const client = new AdminClient(server.url);
      expect((await client.post("/admin/sign-in", { password }, from(`198.51.100.${10 + i}`))).status).toBe(303);
      clients.push(client);
    }
    // …then the same code from all of them at once.
    const statuses = await Promise.all(
      clients.map((client, i) =>
        client.post("/admin/verify", { code: codes[1]! }, from(`198.51.100.${10 + i}`)).then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(7);
    expect(await withStore((store) => store.countRecoveryCodes())).toBe(8);
  });

  test("the back office shows how many are left; new ones replace every old one", async () => {
    // Two used above, one more to sign in: seven left.
    const owner = await signInWithRecoveryCode(server.url, password, codes);
    const page = await (await owner.get("/admin/security")).text();
    expect(page).toContain(en.security.codesLeft.replace("{{n}}", "7"));
    expect(recoveryCodesIn(page)).toEqual([]);
    const made = await owner.post("/admin/security", { intent: "regenerate" });
    expect(made.status).toBe(200);
    const fresh = recoveryCodesIn(await made.text());
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect(await withStore((store) => store.countRecoveryCodes())).toBe(10);

    // An old, never-used code no longer works; a new one does.
    const client = new AdminClient(server.url);
    expect((await client.post("/admin/sign-in", { password }, from("198.51.100.30"))).status).toBe(303);
    expect((await client.post("/admin/verify", { code: codes[5]! }, from("198.51.100.30"))).status).toBe(401);
    expect((await client.post("/admin/verify", { code: fresh[0]! }, from("198.51.100.30"))).status).toBe(303);
    codes = fresh.slice(1);
  });

  test("wrong recovery codes count against the sign-in limits like wrong authenticator codes", async () => {
    const client = new AdminClient(server.url);
    expect((await client.post("/admin/sign-in", { password }, from("198.51.100.40"))).status).toBe(303);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await client.post(
            "/admin/verify",
            { code: `zzzz-zzzz-zzzz-zz${String(i).padStart(2, "2")}` },
            from("198.51.100.40"),
          )
        ).status,
      );
    // signInIp: 10 per 15 minutes (the password above was a success and gave its point back).
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Locked means locked: even a good code is not checked from this address now.
    const locked = await client.post("/admin/verify", { code: codes[0]! }, from("198.51.100.40"));
    expect(locked.status).toBe(429);
    expect(await withStore((store) => store.countRecoveryCodes())).toBe(9);
  });
});

describe("forgot password", () => {
  const ask = (email: string, ip: string) => new AdminClient(server.url).post("/admin/forgot", { email }, from(ip));
  const notice = (body: string) => /data-testid="forgot-sent"[^>]*>([^<]*)</.exec(body)?.[1];

  test("the same answer whatever is typed; only the owner's address gets a link", async () => {
    expect((await new AdminClient(server.url).get("/admin/sign-in")).status).toBe(200);
    expect(await (await new AdminClient(server.url).get("/admin/sign-in")).text()).toContain('href="/admin/forgot"');
    const answers = await Promise.all(
      [OWNER_EMAIL, "OWNER@Example.com ", "stranger@example.com", "x".repeat(400)].map(async (email, i) => {
        const res = await ask(email, `203.0.113.${i + 1}`);
        return { status: res.status, notice: notice(await res.text()) };
      }),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // An empty field is a form mistake, said so (400), not counted, nothing sent.
    const empty = await ask("", "203.0.113.9");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(html(en.forgot.missing));
    expect(answers[0]).toEqual({ status: 200, notice: html(en.forgot.sent.replace("{{minutes}}", "30")) });
    // Two links, both to the owner (the two spellings of the owner's address); none for the others.
    await lastEmail("owner-reset", 2);
    expect(await outboxKinds("owner-reset")).toBe(2);
  });

  test("asking is limited per address (3 an hour) and in all (10), counted before anything is sent", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask(OWNER_EMAIL, "203.0.113.50")).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await waitFor(async () => (await outboxKinds("owner-reset")) === 5, 10_000, "three more reset emails");
  });

  test("the link needs the second factor, works once, voids the other links, and signs out every session", async () => {
    const before = await signInWithRecoveryCode(server.url, password, codes);
    expect((await before.get("/admin")).status).toBe(200);
    const mail = await lastEmail("owner-reset", 5);
    expect(mail).toMatch(new RegExp(`^To: ${OWNER_EMAIL}`, "m"));
    const link = /https?:\/\/\S+\/admin\/reset\?token=[\w.-]+/.exec(mail)![0];
    const token = new URL(link).searchParams.get("token")!;
    // The four links asked for earlier are still open (30 minutes each) until a password is set.
    const others = emlFiles(server.dataDir)
      .filter((file) => file.endsWith("-owner-reset.eml"))
      .map((file) =>
        new URL(
          /https?:\/\/\S+\/admin\/reset\?token=[\w.-]+/.exec(
            decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8")),
          )![0],
        ).searchParams.get("token")!,
      )
      .filter((other) => other !== token);
    expect(others).toHaveLength(4);
    for (const other of others)
      expect((await new AdminClient(server.url).get(`/admin/reset?token=${other}`, from("203.0.113.62"))).status).toBe(
        200,
      );
    // The token never reaches the log (the access line redacts it).
    const visitor = new AdminClient(server.url);
    expect((await visitor.get(`/admin/reset?token=${token}`, from("203.0.113.60"))).status).toBe(200);
    expect(await settledLogs(server)).not.toContain(token);

    // Without the second factor, or with a wrong one: refused, nothing changed, the link still usable.
    const form = { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    expect(
      (await visitor.post(`/admin/reset?token=${token}`, { ...form, code: "" }, from("203.0.113.60"))).status,
    ).toBe(401);
    expect(
      (await visitor.post(`/admin/reset?token=${token}`, { ...form, code: "000000" }, from("203.0.113.60"))).status,
    ).toBe(401);
    expect((await visitor.get(`/admin/reset?token=${token}`, from("203.0.113.60"))).status).toBe(200);
    expect((await before.get("/admin")).status).toBe(200);

    // With the authenticator's code: the password changes, every session ends.
    const done = await visitor.post(
      `/admin/reset?token=${token}`,
      { ...form, code: await freshCode(secret) },
      from("203.0.113.60"),
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/sign-in?reset=1");
    password = NEW_PASSWORD;
    const revoked = await before.get("/admin");
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("location")).toMatch(/^\/admin\/sign-in/);

    // Once only.
    expect((await visitor.get(`/admin/reset?token=${token}`, from("203.0.113.60"))).status).toBe(403);
    expect(
      (await visitor.post(`/admin/reset?token=${token}`, { ...form, code: codes[0]! }, from("203.0.113.60"))).status,
    ).toBe(403);
    // A new password voids every other link too: one left in a mailbox cannot set another.
    for (const other of others)
      expect((await new AdminClient(server.url).get(`/admin/reset?token=${other}`, from("203.0.113.62"))).status).toBe(
        403,
      );
    const stale = others[0]!;
    expect(
      (
        await visitor.post(
          `/admin/reset?token=${stale}`,
          { token: stale, password: PASSWORD, confirm: PASSWORD, code: codes[0]! },
          from("203.0.113.62"),
        )
      ).status,
    ).toBe(403);
    // The old password is gone; the new one (with a second factor) signs in.
    expect(
      (await new AdminClient(server.url).post("/admin/sign-in", { password: PASSWORD }, from("203.0.113.61"))).status,
    ).toBe(401);
    expect((await (await signInWithRecoveryCode(server.url, NEW_PASSWORD, codes)).get("/admin")).status).toBe(200);
  });

  test("a recovery code is a second factor there too; an expired link is refused", async () => {
    expect((await ask(OWNER_EMAIL, "203.0.113.70")).status).toBe(200);
    const mail = await lastEmail("owner-reset", 6);
    const token = new URL(/https?:\/\/\S+\/admin\/reset\?token=[\w.-]+/.exec(mail)![0]).searchParams.get("token")!;
    const client = new AdminClient(server.url);
    const done = await client.post(
      `/admin/reset?token=${token}`,
      { token, password: PASSWORD, confirm: PASSWORD, code: codes[0]! },
      from("203.0.113.71"),
    );
    expect(done.status).toBe(303);
    password = PASSWORD;

    // A link past its 30 minutes (its row's expiry moved back): refused.
    expect((await ask(OWNER_EMAIL, "203.0.113.72")).status).toBe(200);
    const later = await lastEmail("owner-reset", 7);
    const old = new URL(/https?:\/\/\S+\/admin\/reset\?token=[\w.-]+/.exec(later)![0]).searchParams.get("token")!;
    await withStore((store) =>
      store.db
        .updateTable("owner_unlocks")
        .set({ expires_at: Date.now() - 1000 })
        .where("purpose", "=", "reset")
        .where("used_at", "is", null)
        .execute(),
    );
    expect((await client.get(`/admin/reset?token=${old}`, from("203.0.113.73"))).status).toBe(403);
    expect(
      (
        await client.post(
          `/admin/reset?token=${old}`,
          { token: old, password: NEW_PASSWORD, confirm: NEW_PASSWORD, code: codes.at(-1)! },
          from("203.0.113.73"),
        )
      ).status,
    ).toBe(403);
    codes = codes.slice(1);
  });
});

describe("passkeys", () => {
  const authenticator = new SoftAuthenticator();
  const passkeyPost = (client: AdminClient, form: Record<string, string>, ip: string) =>
    client.post("/admin/passkey", form, from(ip));

  test("added from a full session; listed in the back office", async () => {
    const owner = await signInWithRecoveryCode(server.url, password, codes);
    // A stranger or a password-only session cannot register one.
    expect((await passkeyPost(new AdminClient(server.url), { intent: "register-options" }, "192.0.2.1")).status).toBe(
      303,
    );

    const options = await (await passkeyPost(owner, { intent: "register-options" }, "192.0.2.1")).json();
    expect(options.rp.id).toBe("127.0.0.1");
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(owner.passkey).toMatch(/^admin_passkey=/);
    const added = await passkeyPost(
      owner,
      { intent: "register", response: JSON.stringify(authenticator.register(options, server.url)) },
      "192.0.2.1",
    );
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ redirect: "/admin/security?done=passkey-added" });
    const rows = await withStore((store) => store.listPasskeys());
    expect(rows.map((row) => row.id)).toEqual([authenticator.id]);
    expect(rows[0]!.transports).toEqual(["internal"]);
    expect(await (await owner.get("/admin/security")).text()).toContain(en.security.passkeyName.replace("{{n}}", "1"));

    // The challenge was single-use: the same answer again is refused.
    const replay = await passkeyPost(
      owner,
      { intent: "register", response: JSON.stringify(authenticator.register(options, server.url)) },
      "192.0.2.1",
    );
    expect(replay.status).toBe(400);
  });

  test("signs in alone (no password, no code) to a full session", async () => {
    const client = new AdminClient(server.url);
    const options = await (await passkeyPost(client, { intent: "sign-in-options" }, "192.0.2.2")).json();
    expect(options.rpId).toBe("127.0.0.1");
    expect(options.allowCredentials ?? []).toEqual([]);
    const signedIn = await passkeyPost(
      client,
      {
        intent: "sign-in",
        response: JSON.stringify(authenticator.assert(options, server.url)),
        returnTo: "/admin/quotes",
      },
      "192.0.2.2",
    );
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ redirect: "/admin/quotes" });
    expect((await client.get("/admin/quotes")).status).toBe(200);
    expect((await withStore((store) => store.findPasskey(authenticator.id)))!.counter).toBe(1);
  });

  test("a passkey stands in for the code on the password-reset page", async () => {
    const visitor = new AdminClient(server.url);
    expect((await visitor.post("/admin/forgot", { email: OWNER_EMAIL }, from("192.0.2.20"))).status).toBe(200);
    const mail = await lastEmail("owner-reset", 8);
    const resetUrl = new URL(/https?:\/\/\S+\/admin\/reset\?token=[\w.-]+/.exec(mail)![0]);
    const token = resetUrl.searchParams.get("token")!;
    const target = `/admin/reset?token=${token}`;
    expect(await (await visitor.get(target, from("192.0.2.20"))).text()).toContain('name="code"');
    // The passkey signs this browser in and brings it back to the reset page, which then asks for no code.
    const options = await (await passkeyPost(visitor, { intent: "sign-in-options" }, "192.0.2.20")).json();
    const signedIn = await passkeyPost(
      visitor,
      { intent: "sign-in", response: JSON.stringify(authenticator.assert(options, server.url)), returnTo: target },
      "192.0.2.20",
    );
    expect(await signedIn.json()).toEqual({ redirect: target });
    expect(await (await visitor.get(target, from("192.0.2.20"))).text()).not.toContain('name="code"');
    const done = await visitor.post(
      target,
      { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      from("192.0.2.20"),
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/sign-in?reset=1");
    password = NEW_PASSWORD;
    expect((await visitor.get("/admin")).status).toBe(303);
  });

  test("refused: another site's assertion, a replayed challenge, an unknown key, another browser's challenge", async () => {
    const client = new AdminClient(server.url);
    const options = await (await passkeyPost(client, { intent: "sign-in-options" }, "192.0.2.3")).json();
    // Signed for a phishing site (its origin and RP ID).
    const phished = await passkeyPost(
      client,
      { intent: "sign-in", response: JSON.stringify(authenticator.assert(options, "https://examp1e.com")) },
      "192.0.2.3",
    );
    expect(phished.status).toBe(401);
    expect(client.cookie).toBe("");
    // The challenge was spent by that attempt.
    const replay = await passkeyPost(
      client,
      { intent: "sign-in", response: JSON.stringify(authenticator.assert(options, server.url)) },
      "192.0.2.3",
    );
    expect(replay.status).toBe(401);
    // A key the site never registered.
    const fresh = await (await passkeyPost(client, { intent: "sign-in-options" }, "192.0.2.3")).json();
    const stranger = new SoftAuthenticator();
    expect(
      (
        await passkeyPost(
          client,
          { intent: "sign-in", response: JSON.stringify(stranger.assert(fresh, server.url)) },
          "192.0.2.3",
        )
      ).status,
    ).toBe(401);
    // A challenge given to another browser (its cookie) does not serve this one.
    const other = new AdminClient(server.url);
    const theirs = await (await passkeyPost(other, { intent: "sign-in-options" }, "192.0.2.4")).json();
    expect(
      (
        await passkeyPost(
          new AdminClient(server.url),
          { intent: "sign-in", response: JSON.stringify(authenticator.assert(theirs, server.url)) },
          "192.0.2.5",
        )
      ).status,
    ).toBe(401);
    expect(client.cookie).toBe("");
  });

  test("removed from the back office: it signs in no more", async () => {
    const owner = await signInWithRecoveryCode(server.url, password, codes);
    const removed = await owner.post("/admin/security", { intent: "remove-passkey", id: authenticator.id });
    expect(removed.status).toBe(303);
    expect(await withStore((store) => store.listPasskeys())).toEqual([]);
    const client = new AdminClient(server.url);
    const options = await (await passkeyPost(client, { intent: "sign-in-options" }, "192.0.2.6")).json();
    expect(
      (
        await passkeyPost(
          client,
          { intent: "sign-in", response: JSON.stringify(authenticator.assert(options, server.url)) },
          "192.0.2.6",
        )
      ).status,
    ).toBe(401);
  });
});

describe("the last resort", () => {
  test("`npm run owner -- reset` still works: it forgets codes and passkeys, and emails the new link", async () => {
    const link = ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir));
    expect(await withStore((store) => store.countRecoveryCodes())).toBe(0);
    expect(await outboxKinds("owner-setup")).toBe(2);
    const mail = await lastEmail("owner-setup", 2);
    expect(mail).toContain(link);
    const { codes: after } = await setUpOwner(server.url, link, PASSWORD);
    expect(after).toHaveLength(10);
  });
});
