import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openLiveDatabase } from "../support/live-db.ts";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openStores } from "../../app/stores.server.ts";
import { orderForm, postForm, postOrder, readStore, waitFor, SANDBOX_PAY } from "../support/orders.ts";
import { freePort, startServer, tempDataDir, type RunningServer } from "../support/server.ts";

// Input hygiene, operator output, CSV, emails refused for good and
// the thank-you link after 30 days.

const root = path.resolve(import.meta.dirname, "../..");
const locale = (lang: string) => JSON.parse(fs.readFileSync(path.resolve(root, `locales/${lang}/order.json`), "utf8"));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const FAST_OUTBOX = { OUTBOX_POLL_MS: "100", OUTBOX_BACKOFF_MS: "100", OUTBOX_MAX_BACKOFF_MS: "200" };

function orders(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ["scripts/orders.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
}

async function paidOrder(server: RunningServer, email: string, lang = "en") {
  const res = await postOrder(server.url, "test-workflow", lang, orderForm({ email }), {
    headers: { Origin: server.url },
  });
  expect(res.status).toBe(303);
  const paid = await postForm(server.url + res.headers.get("location")!, SANDBOX_PAY);
  expect(paid.status).toBe(303);
  const thankYou = paid.headers.get("location")!;
  // The thank-you page fulfils the order (marks it paid, queues the confirmation).
  expect(await (await fetch(server.url + thankYou)).text()).toContain(email);
  const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === email)!;
  return { thankYou, order };
}

describe("sandbox server", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("control characters, DEL and bidi overrides in form fields get a translated 400; newlines only in comments", async () => {
    for (const lang of ["fr", "en", "es", "de", "pt", "it"]) {
      for (const [field, value] of [
        ["firstName", "Jo\u001b[2J\u001b]0;pwned\u0007"],
        ["lastName", "Li\u202etxt.exe"],
        ["videoBrand", "Lyon\u007f"],
        ["videoTopic", "12 rue\ndes Lilas"],
        ["comments", "ok\u0000"],
      ]) {
        // The video offers' form asks every one of these questions (the test offer asks only four).
        const res = await postOrder(server.url, "short-videos", lang, orderForm({ [field!]: value! }), {
          headers: { Origin: server.url },
        });
        expect(res.status, `${lang} ${field}`).toBe(400);
        expect(await res.text(), `${lang} ${field}`).toContain(html(locale(lang).errors.controlCharacters));
      }
    }
    const multiline = await postOrder(
      server.url,
      "short-videos",
      "en",
      orderForm({ email: "lines@example.com", comments: "line one\r\nline two" }),
      {
        headers: { Origin: server.url },
      },
    );
    expect(multiline.status).toBe(303);
    expect(
      (await readStore(server.dataDir)).orders.filter((o) => o.customer.email !== "lines@example.com"),
    ).toHaveLength(0);
  });

  test("the thank-you link shows personal details for 30 days, then only the reference and state", async () => {
    const { thankYou, order } = await paidOrder(server, "old.customer@example.com");
    const fresh = await (await fetch(server.url + thankYou)).text();
    expect(fresh).toContain("old.customer@example.com");
    expect(fresh).toContain("Camille");
    const db = openLiveDatabase(path.join(server.dataDir, "orders.sqlite"));
    try {
      db.prepare("UPDATE orders SET paid_at = ? WHERE id = ?").run(
        new Date(Date.now() - 31 * 86_400_000).toISOString(),
        order.id,
      );
    } finally {
      db.close();
    }
    const old = await (await fetch(server.url + thankYou)).text();
    // The order's readable reference (what the page shows instead of the internal id).
    expect(old).toContain(order.reference);
    expect(old).toContain(html(locale("en").summary.statePaid));
    expect(old).toContain(html(locale("en").thankYou.introArchived));
    for (const secret of [
      "old.customer@example.com",
      "Camille",
      "Martin",
      "12 rue des Lilas",
      "+33 6 12 34 56 78",
      "@camille",
    ]) {
      expect(old, secret).not.toContain(secret);
    }
  });
});

describe("npm run orders", () => {
  const dataDir = tempDataDir();
  beforeAll(async () => {
    // Orders stored before the form refused control characters (or written by another tool).
    const repo = await openStores({ DATA_DIR: dataDir });
    const customer = {
      firstName: "Eve\u001b]0;pwned\u0007\u001b[2J",
      lastName: "Li\u202egnp.exe",
      email: "eve@example.com",
      companyName: '=HYPERLINK("http://evil.example","x")',
      address: "1 rue Émile Zola",
      city: "Orléans",
      postalCode: "45000",
      country: "France",
      phoneNumber: "+33 6 12 34 56 78",
      agentName: "@SUM(1+1)",
      telegramId: "-2+3+cmd|' /C calc'!A0",
      connectZapier: "non" as const,
      comments: "-5",
    };
    await repo.createOrder({
      id: "ord_hostile",
      submissionToken: "t-hostile",
      lang: "fr",
      offer: "test-workflow",
      currency: "EUR",
      amountDueNow: 100,
      monthly: 0,
      customer,
      provider: "sandbox",
      acceptance: null,
    });
    await repo.close();
  });

  test("the listing never prints raw escape sequences or bidi overrides", () => {
    const result = orders(dataDir);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("ord_hostile");
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must not appear
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
    expect(result.stdout).toContain("\\u001b");
  });

  test("the CSV starts with a UTF-8 BOM, keeps phone numbers and accents as typed, neutralises formulas", () => {
    const result = orders(dataDir, "--csv");
    expect(result.status).toBe(0);
    expect(result.stdout.charCodeAt(0)).toBe(0xfeff);
    expect(result.stdout).toContain('"+33 6 12 34 56 78"');
    expect(result.stdout).not.toContain("'+33");
    expect(result.stdout).toContain('"-5"');
    expect(result.stdout).toContain("Orléans");
    expect(result.stdout).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(result.stdout).toContain(`"'@SUM(1+1)"`);
    expect(result.stdout).toContain(`"'-2+3+cmd|' /C calc'!A0"`);
  });
});

test("an email the SMTP server refuses for good (5xx) stops after a few attempts, marked failed and shown by npm run orders", async () => {
  const smtpPort = await freePort();
  let attempts = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      // The customer's confirmation (the owner's notices, refused too, go to another address).
      if (address.address === "nobody@example.com") attempts++;
      const error = Object.assign(new Error("5.1.1 mailbox unavailable"), { responseCode: 550 });
      callback(error);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", () => resolve()));
  const server = await startServer({
    LOG_LEVEL: "warn",
    ORDER_RATE_LIMIT: "0",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...FAST_OUTBOX,
  });
  try {
    const { order } = await paidOrder(server, "nobody@example.com");
    const confirmation = async () =>
      (await readStore(server.dataDir)).emails.get(order.id)?.find((email) => email.kind === "confirmation");
    await waitFor(async () => (await confirmation())?.status === "failed", 15_000, "email marked failed").catch(
      async (error) => {
        throw new Error(`${error.message}: ${JSON.stringify(await confirmation())}\n${server.logs().slice(-2000)}`);
      },
    );
    const tries = (await confirmation())!.attempts;
    expect(tries).toBeGreaterThanOrEqual(2);
    expect(tries).toBeLessThanOrEqual(5);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await confirmation())!.attempts).toBe(tries);
    expect(attempts).toBe(tries);
    const listing = orders(server.dataDir);
    expect(listing.stdout).toMatch(/confirmation:FAILED/);
    expect(listing.stdout).toContain("email that finally failed");
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
