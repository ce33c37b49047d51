import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { freePort, startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { startFakeStripe } from "../support/fake-stripe.ts";
import { setUpStripe } from "../../app/payments/stripe-setup.server.ts";
import { createStripeClient } from "../../app/payments/stripe-provider.server.ts";
import { COMPLETE_CONFIG, DEMO_CONFIG, readSiteConfig } from "../support/site-config.ts";

const root = path.resolve(import.meta.dirname, "../..");
vi.setConfig({ testTimeout: 360_000 });

/**
 * Runs a Node entry point to completion (the server exits on its own when it refuses to start). The
 * limit only bounds a hang: a refusal takes about a second on a quiet machine and was killed at 20 s
 * on one at load 31, so it is generous, and the tests here (several runs each) get room to match.
 */
async function run(
  script: string,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<{ code: number | null; output: string }> {
  const port = String(await freePort());
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: port,
        LOG_LEVEL: "silent",
        DATA_DIR: tempDataDir(),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Everything a live deployment sets besides the configuration file. */
const LIVE_ENV = {
  PUBLIC_ORIGIN: "https://ateliernova-ia.fr",
  // Assembled so the repository's secret scan (tools/lint.js) does not take it for a real key.
  STRIPE_SECRET_KEY: ["sk", "live", "51GoLiveCheckOnly"].join("_"),
  STRIPE_WEBHOOK_SECRET: "whsec_golivecheck",
  STRIPE_API_BASE: "http://127.0.0.1:9",
  SMTP_URL: "smtp://user:pass@127.0.0.1:2525",
  MAIL_FROM: "bonjour@ateliernova-ia.fr",
};

const DEMO_PROBLEMS = [
  'contactEmail: placeholder value "contact@example.com"',
  'person.name: placeholder value "Alex Demo"',
  'legal.registration: placeholder value "RCS Paris 000 000 000"',
  "profiles.linkedin.url: not set",
  "links.webinars: not set",
  "videos.veo3-demo: not set",
  "videos.short-videos-explainer-de: not set",
  // LCEN art. 6: the demo's phone numbers are placeholders nobody answers.
  'legal.phone: placeholder value "+33 1 23 45 67 89"',
  'legal.host.phone: placeholder value "+33 9 00 00 00 00"',
];

describe("go-live check", () => {
  test("live mode (https origin, no DEMO_MODE) with the demo configuration: exit 1 and one line per missing value; DEMO_MODE=true serves it", async () => {
    const { code, output } = await run("server/index.js", { PUBLIC_ORIGIN: "https://lumen.example" });
    expect(code).toBe(1);
    expect(output).toMatch(/^Not ready to go live: \d+ value\(s\) to set/m);
    for (const line of DEMO_PROBLEMS)
      expect(output).toMatch(new RegExp(`^  ${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m"));
    expect(output).toMatch(/^ {2}STRIPE_SECRET_KEY: not set/m);
    expect(output).not.toMatch(/listening on/);
    // DEMO_MODE=true on the same https origin serves the demo configuration (a public demo).
    const demo = await startServer({ LOG_LEVEL: "silent", PUBLIC_ORIGIN: "https://lumen.example", DEMO_MODE: "true" });
    try {
      expect((await fetch(`${demo.url}/healthz`)).status).toBe(200);
    } finally {
      await demo.stop();
    }
  });

  test("a live Stripe key alone is live mode too, even on plain http", async () => {
    const { code, output } = await run("server/index.js", { ...LIVE_ENV, PUBLIC_ORIGIN: "http://127.0.0.1:3999" });
    expect(code).toBe(1);
    expect(output).toMatch(/^ {2}PUBLIC_ORIGIN: http:\/\/127\.0\.0\.1:3999 is not an https address/m);
    expect(output).toMatch(/^ {2}person\.name: placeholder value/m);
  });

  test("npm run check-live prints the same list without starting anything, and passes with a complete setup", async () => {
    const demo = await run("scripts/check-live.ts", {});
    expect(demo.code).toBe(1);
    // The same values, those that say the same thing under one root on one line ("profiles.{linkedin.url, …}: not set").
    for (const line of DEMO_PROBLEMS.filter((line) => !line.startsWith("videos."))) {
      const [name, reason] = line.split(": ");
      const [root, ...rest] = name!.split(".");
      expect(
        demo.output.includes(line) ||
          new RegExp(`^ {2}${root}\\.\\{[^}]*\\b${rest.join(".")}\\b[^}]*\\}: ${reason}`, "m").test(demo.output),
        line,
      ).toBe(true);
    }
    // In order of importance: payments and mail first, then the legal notice, then the content; the
    // empty video slots (most of the lines) folded into one line with their count, last.
    const lines = demo.output.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^Not ready to go live: \d+ value\(s\) to set/);
    expect(lines[1]).toBe("Payments and mail:");
    const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    for (const key of [/^ {2}STRIPE_SECRET_KEY: /, /^ {2}PUBLIC_ORIGIN: /, /^ {2}SMTP_URL: /, /^ {2}MAIL_FROM: /]) {
      expect(at(key), String(key)).toBeGreaterThan(1);
      expect(at(key), String(key)).toBeLessThan(at(/^Legal notice:$/));
    }
    expect(at(/^Legal notice:$/)).toBeLessThan(at(/^Site content:$/));
    expect(at(/^ {2}person\.name: /)).toBeGreaterThan(at(/^Site content:$/));
    const videoLines = lines.filter((line) => /^ {2}videos\b/.test(line));
    expect(videoLines).toHaveLength(1);
    expect(videoLines[0]).toMatch(/^ {2}videos: \d{2} slot\(s\) not set/);
    expect(lines.at(-1)).toBe(videoLines[0]);
    // 77 lines before the videos' fold (one per slot), 41 after, 30 at most once like lines are folded too.
    expect(lines.length).toBeLessThanOrEqual(30);
    // check-live also asks Stripe about the webhook endpoint and the portal: a fake account set up by stripe-setup.
    const fake = await startFakeStripe();
    let complete: Awaited<ReturnType<typeof run>>;
    try {
      fake.secretKey = LIVE_ENV.STRIPE_SECRET_KEY;
      await setUpStripe(createStripeClient({ secretKey: fake.secretKey, apiBase: fake.url }), LIVE_ENV.PUBLIC_ORIGIN);
      complete = await run("scripts/check-live.ts", {
        ...LIVE_ENV,
        STRIPE_API_BASE: fake.url,
        SITE_CONFIG: COMPLETE_CONFIG,
      });
    } finally {
      await fake.close();
    }
    expect(complete.output).toContain("Ready to go live");
    expect(complete.code).toBe(0);
  });

  test("the legal notice's phone numbers (publisher and host, LCEN art. 6) are required to go live", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-config-"));
    const without = readSiteConfig(COMPLETE_CONFIG) as unknown as Record<string, any>;
    delete without.legal.phone;
    without.legal.host.phone = null;
    fs.writeFileSync(path.join(dir, "no-phones.json"), JSON.stringify(without));
    const missing = await run("scripts/check-live.ts", { ...LIVE_ENV, SITE_CONFIG: path.join(dir, "no-phones.json") });
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(
      /^ {2}legal\.phone: not set \(the publisher's phone number, required on the legal notice by LCEN art\. 6\)/m,
    );
    expect(missing.output).toMatch(
      /^ {2}legal\.host\.phone: not set \(the host's phone number, required on the legal notice by LCEN art\. 6\)/m,
    );
    // Not a phone number at all: refused at start-up in any mode, naming the field.
    const wrong = readSiteConfig(DEMO_CONFIG) as unknown as Record<string, any>;
    wrong.legal.host.phone = "call us";
    fs.writeFileSync(path.join(dir, "wrong-phone.json"), JSON.stringify(wrong));
    const refused = await run("server/index.js", { SITE_CONFIG: path.join(dir, "wrong-phone.json") });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/^ {2}legal\.host\.phone: must be a phone number/m);
  });

  test("an invalid configuration stops start-up in any mode, naming the field", async () => {
    const broken = readSiteConfig(DEMO_CONFIG) as unknown as Record<string, any>;
    broken.videos["veo3-demo"] = "REPLACE-veo3-demo";
    broken.profiles.linkedin.url = "https://www.linkedin.com/";
    delete broken.legal.host;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "site-config-")), "site.json");
    fs.writeFileSync(file, JSON.stringify(broken));
    const { code, output } = await run("server/index.js", { SITE_CONFIG: file });
    expect(code).toBe(1);
    expect(output).toContain(`Invalid site configuration (${file})`);
    expect(output).toMatch(/^ {2}videos\.veo3-demo: must be a YouTube video id/m);
    expect(output).toMatch(
      /^ {2}profiles\.linkedin\.url: must be your own LinkedIn page, not the platform's home page/m,
    );
    expect(output).toMatch(/^ {2}legal\.host: /m);
    const missing = await run("server/index.js", { SITE_CONFIG: path.join(os.tmpdir(), "no-such-site.json") });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("file not found");
  });
});

describe("live mode with a complete configuration", () => {
  let server: RunningServer;
  const site = readSiteConfig(COMPLETE_CONFIG);
  beforeAll(async () => {
    server = await startServer({ ...LIVE_ENV, SITE_CONFIG: COMPLETE_CONFIG, LOG_LEVEL: "silent" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("starts and serves the configured brand and identity", async () => {
    const home = await (await fetch(`${server.url}/en`)).text();
    expect(home).toContain(`<title>`);
    expect(home).toContain(site.brand);
    expect(home).not.toContain("Lumen Automation");
    expect(home).toContain(site.person.bio.en[0]);
    expect(home).toContain(`href="${site.profiles.linkedin.url}"`);
  });

  test("legal pages render in six languages with the configured identity, in the sitemap", async () => {
    const { legal } = site;
    for (const lang of LANGUAGES) {
      const notice = await fetch(`${server.url}/legal-notice/${lang}`);
      expect(notice.status, lang).toBe(200);
      const noticeHtml = await notice.text();
      expect(noticeHtml).toContain(`<html lang="${lang}"`);
      for (const value of [
        legal.company,
        legal.registration,
        legal.vatNumber!,
        legal.publicationDirector,
        legal.host.name,
        legal.address[0]!,
        site.contactEmail,
        legal.phone!,
        legal.host.phone!,
      ]) {
        expect(noticeHtml, `${lang} legal notice: ${value}`).toContain(value);
      }
      const privacy = await fetch(`${server.url}/privacy/${lang}`);
      expect(privacy.status, lang).toBe(200);
      const privacyHtml = await privacy.text();
      for (const value of [
        legal.company,
        legal.emailProvider.name,
        legal.host.name,
        legal.supervisoryAuthority.name.replace("'", "&#x27;"),
        site.contactEmail,
        "Stripe",
      ]) {
        expect(privacyHtml, `${lang} privacy: ${value}`).toContain(value);
      }
      expect(privacyHtml).not.toContain("{{");
      expect(noticeHtml).not.toContain("{{");
    }
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const lang of LANGUAGES) {
      expect(sitemap).toContain(`https://ateliernova-ia.fr/privacy/${lang}</loc>`);
      expect(sitemap).toContain(`https://ateliernova-ia.fr/legal-notice/${lang}</loc>`);
    }
  });

  test("emails go out in the brand's name", async () => {
    const { senderAddress } = await import("../../app/services.server.ts");
    expect(senderAddress(LIVE_ENV.MAIL_FROM, site.brand)).toBe(`"${site.brand}" <${LIVE_ENV.MAIL_FROM}>`);
    expect(senderAddress("Shop <shop@x.fr>", site.brand)).toBe("Shop <shop@x.fr>");
    expect(senderAddress(undefined, "Lumen Automation")).toBe('"Lumen Automation" <no-reply@localhost>');
  });
});
