import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { freshCode } from "../support/admin.ts";
import { freePort, startServer, type RunningServer } from "../support/server.ts";

// Issue 24 item 4: the owner's way in on a 390 px phone. With JavaScript: after password + code,
// the owner adds a passkey (Chromium's virtual authenticator, over CDP: a platform authenticator
// with resident keys and user verification), signs out, and signs in with the passkey alone.
// Without JavaScript the passkey button never shows, and password + a recovery code sign in.
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
test.beforeAll(async () => {
  // A start takes seconds on a loaded machine (issue 26): generous.
  test.setTimeout(120_000);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = await startServer({ PORT: String(port), PUBLIC_ORIGIN: origin, LOG_LEVEL: "info", OWNER_LANG: "en" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A full-page screenshot at 390 px, attached to the test's report and kept under test-results/screenshots. */
async function shot(page: Page, info: TestInfo, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name}: nothing wider than the phone`).toBeLessThanOrEqual(0);
  const body = await page.screenshot({ fullPage: true });
  fs.mkdirSync(shots, { recursive: true });
  fs.writeFileSync(path.join(shots, `admin-passkey-${info.project.name}-${name}-390.png`), body);
  await info.attach(`${name} (390 px)`, { body, contentType: "image/png" });
}

/** First start: the set-up link from the log, a password, the authenticator's code; returns the secret and the recovery codes. */
async function setUp(page: Page, info: TestInfo): Promise<{ secret: string; codes: string[] }> {
  const line = server.logs().split("\n").find((l) => l.includes("/admin/setup?token="));
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
  await shot(page, info, "recovery-codes");
  await page.getByTestId("recovery-continue").click();
  await expect(page).toHaveURL(/\/admin$/);
  return { secret, codes };
}

test("the owner's way in at 390 px: a passkey alone with JavaScript; password + recovery code without", async ({ page, javaScriptEnabled }, info) => {
  // Set-up, enrolment, a passkey ceremony and two sign-ins on a loaded machine: generous, never a speed test.
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await page.setExtraHTTPHeaders({ "Accept-Language": "en" });
  const { codes } = await setUp(page, info);

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
    await shot(page, info, "verify-recovery-code");
    await page.getByRole("button", { name: admin.recovery.submit }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`${origin}/admin/security`);
    await expect(page.getByTestId("codes-left")).toHaveText(admin.security.codesLeft.replace("{{n}}", "9"));
    await expect(page.getByRole("button", { name: admin.passkey.add })).toBeHidden();
    await shot(page, info, "security-without-js");
    return;
  }

  // A platform authenticator on this "phone": resident keys, user verification (the screen lock) always passing.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  // Security: no passkey yet; add one.
  await page.getByRole("link", { name: admin.nav.security }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByText(admin.security.noPasskeys)).toBeVisible();
  await page.getByRole("button", { name: admin.passkey.add }).click();
  await expect(page).toHaveURL(/\/admin\/security\?done=passkey-added$/);
  await expect(page.getByTestId("passkeys").locator("li")).toHaveCount(1);
  await expect(page.getByText(admin.security.passkeyAdded)).toBeVisible();
  await shot(page, info, "passkey-added");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.rpId).toBe("localhost");

  // Sign out, then in with the passkey alone: no password, no code.
  await page.getByRole("button", { name: admin.signOut }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.goto(`${origin}/admin/quotes`);
  await expect(page).toHaveURL(/\/admin\/sign-in\?redirectTo=%2Fadmin%2Fquotes$/);
  await shot(page, info, "sign-in-with-passkey");
  await page.getByRole("button", { name: admin.passkey.signIn }).click();
  await expect(page).toHaveURL(/\/admin\/quotes$/);
  await expect(page.locator("h1")).toHaveText(admin.quotes.title);
  await shot(page, info, "signed-in-with-passkey");
  const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(0);
});
