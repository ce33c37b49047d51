import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startServer, type RunningServer } from "../support/server.ts";
import { ALL_PATHS, DYNAMIC_PATHS, MARKETING_PATHS } from "../support/routes.ts";

// Bounded work, but a busy 2-core CI box can be several times slower than a quiet one.
vi.setConfig({ testTimeout: 180_000 });

const root = path.resolve(import.meta.dirname, "../..");

function csp(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** Inline scripts the browser would execute (JSON data blocks are not). */
function executableInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !/type="application\/(ld\+)?json"/.test(attrs!))
    .map(([, attrs]) => attrs!);
}

function expectBaseHeaders(res: Response, where: string) {
  const policy = csp(res.headers.get("content-security-policy"));
  expect(policy.size, `${where}: CSP`).toBeGreaterThan(0);
  const scriptSrc = policy.get("script-src") ?? policy.get("default-src") ?? [];
  expect(scriptSrc, `${where}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${where}: script-src`).not.toContain("'unsafe-eval'");
  expect(scriptSrc.join(" "), `${where}: script-src`).not.toMatch(/(^|\s)(\*|https?:|data:)(\s|$)/);
  expect(policy.get("frame-ancestors"), `${where}: frame-ancestors`).toEqual(["'none'"]);
  expect(policy.get("base-uri"), `${where}: base-uri`).toBeDefined();
  expect(["'none'", "'self'"]).toContain(policy.get("base-uri")![0]);
  expect(policy.get("object-src"), `${where}: object-src`).toEqual(["'none'"]);
  expect(res.headers.get("x-content-type-options"), `${where}: nosniff`).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), `${where}: Referrer-Policy`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(res.headers.get("x-powered-by"), `${where}: X-Powered-By`).toBeNull();
  return policy;
}

function expectCookie(cookie: string, secure: boolean) {
  expect(cookie, cookie).toMatch(/;\s*HttpOnly/i);
  expect(cookie, cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
  if (secure) expect(cookie, cookie).toMatch(/;\s*Secure/i);
  else expect(cookie, cookie).not.toMatch(/;\s*Secure/i);
}

describe("security headers on every route (http origin, no proxy trusted)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "silent" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("CSP, nosniff, Referrer-Policy, no HSTS, no X-Powered-By; nonces only where needed", async () => {
    const paths = ALL_PATHS();
    const cookies: string[] = [];
    const withInlineScripts: string[] = [];
    for (const p of paths) {
      const res = await fetch(server.url + p, { redirect: "manual", headers: { "X-Forwarded-Proto": "https" } });
      const body = await res.text();
      expect(res.status, p).toBeLessThan(500);
      const policy = expectBaseHeaders(res, p);
      // Not behind a trusted proxy: X-Forwarded-Proto is ignored.
      expect(res.headers.get("strict-transport-security"), p).toBeNull();
      cookies.push(...res.headers.getSetCookie());
      if (!(res.headers.get("content-type") ?? "").includes("text/html")) continue;
      const inline = executableInlineScripts(body);
      const nonce = (policy.get("script-src") ?? []).find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
      if (MARKETING_PATHS.includes(p)) {
        // Cached pages are shared by every visitor: no nonce, hence no inline script at all.
        expect(nonce, `${p}: cached page has no nonce`).toBeUndefined();
        expect(inline, `${p}: inline scripts`).toEqual([]);
      } else if (inline.length) {
        withInlineScripts.push(p);
        expect(nonce, `${p}: nonce`).toMatch(/^[A-Za-z0-9+/]{16,}={0,2}$/);
        for (const attrs of inline) expect(attrs, p).toContain(`nonce="${nonce}"`);
      }
    }
    // Pages rendered per request with inline scripts (hydration) draw a fresh nonce per request. (The
    // order form has none: it is kept in memory with its token a hole, see server/render-cache.ts.)
    const nonceOf = async (p: string) => {
      const res = await fetch(server.url + p);
      await res.arrayBuffer();
      return csp(res.headers.get("content-security-policy"))
        .get("script-src")!
        .find((v) => v.startsWith("'nonce-"));
    };
    const live = withInlineScripts.find((p) => DYNAMIC_PATHS.includes(p))!;
    expect(live).toBeDefined();
    const [a, b] = [await nonceOf(live), await nonceOf(live)];
    expect(a).toMatch(/^'nonce-/);
    expect(a).not.toBe(b);
    // Language choice via path and ?lang= sets a cookie: HttpOnly, SameSite, not Secure over http.
    for (const p of ["/de", "/commander?lang=it"]) {
      const res = await fetch(server.url + p);
      await res.arrayBuffer();
      cookies.push(...res.headers.getSetCookie());
    }
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expectCookie(cookie, false);
    console.log(`security headers: ${paths.length} routes checked, ${cookies.length} cookies`);
  });

  test("refusals (bad URL, cross-site POST, oversized body) carry the same headers", async () => {
    const cases: Array<[string, RequestInit]> = [
      ["/%", {}],
      ["//evil.example/x", {}],
      [
        "/commander",
        {
          method: "POST",
          headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
          body: "a=b",
        },
      ],
      [
        "/commander",
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "a=".padEnd(70_000, "x"),
        },
      ],
    ];
    for (const [p, init] of cases) {
      const res = await fetch(server.url + p, { redirect: "manual", ...init });
      await res.arrayBuffer();
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
      expectBaseHeaders(res, `${init.method ?? "GET"} ${p}`);
    }
  });
});

describe("behind a trusted HTTPS proxy", () => {
  let server: RunningServer;
  beforeAll(async () => {
    // DEMO_MODE: an https origin otherwise means live, which refuses the demo configuration.
    server = await startServer({
      LOG_LEVEL: "silent",
      TRUST_PROXY: "true",
      PUBLIC_ORIGIN: "https://lumen.example",
      DEMO_MODE: "true",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("HSTS only when X-Forwarded-Proto says https; cookies Secure with an https origin", async () => {
    for (const p of [
      "/",
      "/short-videos/de",
      "/commander?offre=test-workflow&lang=it",
      "/merci",
      "/healthz",
      "/does-not-exist",
    ]) {
      const https = await fetch(server.url + p, { redirect: "manual", headers: { "X-Forwarded-Proto": "https" } });
      await https.arrayBuffer();
      expect(https.headers.get("strict-transport-security"), p).toMatch(/max-age=(\d{8,})/);
      for (const cookie of https.headers.getSetCookie()) expectCookie(cookie, true);
      const plain = await fetch(server.url + p, { redirect: "manual", headers: { "X-Forwarded-Proto": "http" } });
      await plain.arrayBuffer();
      expect(plain.headers.get("strict-transport-security"), p).toBeNull();
    }
    const forced = await fetch(`${server.url}/short-videos/pt`, { headers: { "X-Forwarded-Proto": "https" } });
    await forced.arrayBuffer();
    expect(forced.headers.getSetCookie().length).toBeGreaterThan(0);
    for (const cookie of forced.headers.getSetCookie()) expectCookie(cookie, true);
  });
});

describe("secrets never reach the client", () => {
  const SECRETS = {
    STRIPE_SECRET_KEY: "sk_test_51ScanMeNotInTheBundleQ7",
    STRIPE_WEBHOOK_SECRET: "whsec_scanme0Q7",
    SMTP_URL: "smtp://mailer:pw-scan-me-Q7@127.0.0.1:2525",
  };
  const needles = ["sk_test_51ScanMeNotInTheBundleQ7", "whsec_scanme0Q7", "pw-scan-me-Q7"];

  function scanDir(dir: string): string[] {
    const hits: string[] = [];
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const text = fs.readFileSync(file, "latin1");
      for (const needle of needles) if (text.includes(needle)) hits.push(`${path.relative(dir, file)}: ${needle}`);
      // Whatever key is configured, the generic shapes must not appear in client code either.
      if (/\b(sk|rk)_(test|live)_[0-9A-Za-z]{8,}|whsec_[0-9A-Za-z]{8,}/.test(text))
        hits.push(`${path.relative(dir, file)}: key-shaped string`);
    }
    return hits;
  }

  test("a build made with secrets in the environment: its client bundle holds none of them", () => {
    // A copy of the sources built on the side, so build/ (used by the other tests) stays untouched.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-scan-build-"));
    for (const entry of [
      "app",
      "server",
      "locales",
      "public",
      "package.json",
      "vite.config.ts",
      "react-router.config.ts",
      "tsconfig.json",
    ]) {
      fs.cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
    }
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    const result = spawnSync(process.execPath, [path.join(root, "node_modules/.bin/react-router"), "build"], {
      cwd: dir,
      env: { ...process.env, ...SECRETS, NODE_ENV: "production" },
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    expect(fs.readdirSync(path.join(dir, "build/client/assets")).some((f) => f.endsWith(".js"))).toBe(true);
    expect(scanDir(path.join(dir, "build/client"))).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
    // And the build the other tests run against.
    expect(scanDir(path.join(root, "build/client"))).toEqual([]);
  }, 300_000);

  test("the running server with secrets configured: no page or asset it serves contains them", async () => {
    const server = await startServer({ LOG_LEVEL: "silent", ...SECRETS });
    try {
      const seen = new Set<string>();
      const queue = ALL_PATHS();
      while (queue.length) {
        const p = queue.shift()!;
        if (seen.has(p)) continue;
        seen.add(p);
        const res = await fetch(server.url + p, { redirect: "manual" });
        const text = await res.text();
        for (const needle of needles) expect(text.includes(needle), `${p} contains ${needle}`).toBe(false);
        // Follow every same-origin script, stylesheet and module preload the page references.
        for (const match of text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) queue.push(match[1]!);
      }
      expect([...seen].some((p) => p.startsWith("/assets/"))).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
