import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { freshCode } from "../support/admin.ts";
import { STORES, type Store } from "../support/owner-shop.ts";
import { startPostgres } from "../support/postgres.ts";
import { freePort, startServer, type RunningServer } from "../support/server.ts";

// The owner's way in (ADR 017) on a 390 px phone. With JavaScript: after password + code,
// the owner adds a passkey (Chromium's virtual authenticator, over CDP: a platform authenticator
// with resident keys and user verification), signs out, and signs in with the passkey alone.
// Without JavaScript the passkey button never shows, and password + a recovery code sign in.
// On each store (SQLite, and a PostgreSQL started for the test), screenshots at 390 and 1280 px.
//
// WebAuthn needs a secure context and a domain as RP ID: http://localhost is potentially
// trustworthy and `localhost` is a valid RP ID (an IP address is not), so this server's public
// origin is http://localhost:PORT and the browser goes there.
test.describe.configure({ mode: "serial" });

const admin = JSON.parse(fs.readFileSync(path.resolve("locales/en/admin.json"), "utf8"));
const PASSWORD = "a long phone-typed passphrase";
const PHONE = { width: 390, height: 844 };
const shots = path.resolve("test-results/screenshots");

let server: RunningServer;
let origin = "";

/** This store's shop, its public origin on localhost; the owner not set up yet (the browser does it). */
async function start(store: Store): Promise<() => Promise<void>> {
  const postgres = store === "postgres" ? await startPostgres() : undefined;
  const port = await freePort();
  origin = `http://localhost:${port}`;
  const databaseUrl = postgres ? await postgres.createDatabase() : undefined;
  server = await startServer({
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: "info",
    OWNER_LANG: "en",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  return async () => {
    await server.stop();
    await postgres?.stop();
  };
}

/** Full-page screenshots at 390 px and 1280 px, attached to the test's report and kept under test-results/screenshots. */
async function shot(page: Page, info: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name}: nothing wider than the screen at ${width} px`).toBeLessThanOrEqual(0);
    const body = await page.screenshot({ fullPage: true });
    fs.mkdirSync(shots, { recursive: true });
    fs.writeFileSync(path.join(shots, `admin-passkey-${info.project.name}-${name}-${width}.png`), body);
    await info.attach(`${name}-${width}px`, { body, contentType: "image/png" });
  }
  await page.setViewportSize(PHONE);
}

/** First start: the set-up link from the log, a password, the authenticator's code; returns the secret and the recovery codes. */
async function setUp(page: Page, info: TestInfo, store: Store): Promise<{ secret: string; codes: string[] }> {
  const line = server
    .logs()
    .split("\n")
    .find((l) => l.includes("/admin/setup?token="));
  expect(line).toBeTruthy();
  const link = JSON.parse(line!).url as string;
  expect(link.startsWith(`${origin}/admin/setup?token=`)).toBe(true);
  await page.goto(link);
  await page.getByLabel(admin.fields.newPassword).fill(PASSWORD);
  await page.getByLabel(admin.fields.confirmPassword).fill(PASSWORD);
  await page.getByRole("button", { name: admin.setup.submit }).click();
  await expect(page).toHaveURL(/\/admin\/enrol$/);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel(admin.fields.code).fill(await freshCode(secret));
  await page.getByRole("button", { name: admin.enrol.submit }).click();
  // The ten recovery codes, shown once.
  await expect(page.locator("h1")).toHaveText(admin.recovery.title);
  const codes = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  await shot(page, info, `recovery-codes-${store}`);
  await page.getByTestId("recovery-continue").click();
  await expect(page).toHaveURL(/\/admin$/);
  return { secret, codes };
}

for (const store of STORES) {
  test(`the owner's way in on a 390 px phone (${store}): a passkey alone with JavaScript; password + recovery code without`, async ({
    page,
    javaScriptEnabled,
  }, info) => {
    // A server (and a PostgreSQL), set-up, enrolment, a passkey ceremony and two sign-ins on a loaded machine: generous, never a speed test.
    test.setTimeout(240_000);
    const stop = await start(store);
    try {
      await page.setViewportSize(PHONE);
      await page.setExtraHTTPHeaders({ "Accept-Language": "en" });
      const { codes } = await setUp(page, info, store);

      if (!javaScriptEnabled) {
        // No script: no passkey button anywhere; the recovery code is a second factor without JavaScript.
        await page.getByRole("button", { name: admin.signOut }).click();
        await expect(page).toHaveURL(/\/admin\/sign-in$/);
        await expect(page.getByRole("button", { name: admin.passkey.signIn })).toBeHidden();
        await page.getByLabel(admin.fields.password).fill(PASSWORD);
        await page.getByRole("button", { name: admin.signIn.submit }).click();
        await expect(page).toHaveURL(/\/admin\/verify$/);
        await page.getByText(admin.recovery.useOne).click();
        await page.getByLabel(admin.fields.recoveryCode).fill(codes[0]!);
        await shot(page, info, `verify-recovery-code-${store}`);
        await page.getByRole("button", { name: admin.recovery.submit }).click();
        await expect(page).toHaveURL(/\/admin$/);
        await page.goto(`${origin}/admin/security`);
        await expect(page.getByTestId("codes-left")).toHaveText(admin.security.codesLeft.replace("{{n}}", "9"));
        await expect(page.getByRole("button", { name: admin.passkey.add })).toBeHidden();
        await shot(page, info, `security-without-js-${store}`);
        return;
      }

      // A platform authenticator on this "phone": resident keys, user verification (the screen lock) always passing.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      // Security: no passkey yet; add one.
      await page.getByRole("link", { name: admin.nav.security }).click();
      await expect(page).toHaveURL(/\/admin\/security$/);
      await expect(page.getByText(admin.security.noPasskeys)).toBeVisible();
      await page.getByRole("button", { name: admin.passkey.add }).click();
      await expect(page).toHaveURL(/\/admin\/security\?done=passkey-added$/);
      await expect(page.getByTestId("passkeys").locator("li")).toHaveCount(1);
      await expect(page.getByText(admin.security.passkeyAdded)).toBeVisible();
      await shot(page, info, `passkey-added-${store}`);
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]!.isResidentCredential).toBe(true);
      expect(credentials[0]!.rpId).toBe("localhost");

      // Sign out, then in with the passkey alone: no password, no code.
      await page.getByRole("button", { name: admin.signOut }).click();
      await expect(page).toHaveURL(/\/admin\/sign-in$/);
      await page.goto(`${origin}/admin/quotes`);
      await expect(page).toHaveURL(/\/admin\/sign-in\?redirectTo=%2Fadmin%2Fquotes$/);
      await shot(page, info, `sign-in-with-passkey-${store}`);
      await page.getByRole("button", { name: admin.passkey.signIn }).click();
      await expect(page).toHaveURL(/\/admin\/quotes$/);
      await expect(page.locator("h1")).toHaveText(admin.quotes.title);
      await shot(page, info, `signed-in-with-passkey-${store}`);
      const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      expect(after.credentials[0]!.signCount).toBeGreaterThan(0);
    } finally {
      await stop();
    }
  });
}
