import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A tiny cookie jar for one browser-less client of the back office. */
export class AdminClient {
  cookie = "";
  /** The device cookie a completed sign-in leaves (`admin_device=…`), sent with the session. */
  device = "";
  /** A passkey ceremony's cookie (`admin_passkey=…`), while one is under way. */
  passkey = "";
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookies = [this.cookie, this.device, this.passkey].filter(Boolean).join("; ");
    if (cookies) headers.set("Cookie", cookies);
    const res = await fetch(this.base + pathname, { redirect: "manual", ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = pair!.split("=");
      if (name === "admin_session")
        this.cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || !value ? "" : pair!;
      if (name === "admin_device")
        this.device = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || !value ? "" : pair!;
      if (name === "admin_passkey")
        this.passkey = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || !value ? "" : pair!;
    }
    return res;
  }

  get(pathname: string, init: RequestInit = {}) {
    return this.request(pathname, init);
  }

  post(pathname: string, form: Record<string, string>, init: RequestInit = {}) {
    return this.request(pathname, { method: "POST", body: new URLSearchParams(form), ...init });
  }
}

/**
 * The code an authenticator app shows for a base32 secret, `offsetSteps` periods from now: RFC 6238
 * written out here (HMAC-SHA1, 30 s, 6 digits), independent of the library the server uses.
 */
export function totpCode(secret: string, offsetSteps = 0): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "")) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offsetSteps));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

const usedSteps = new Map<string, Set<number>>();

/**
 * A code the server has not seen yet: the server refuses a replayed time step, so a test that
 * signs in twice within 30 s uses the next step's code (accepted: one step of clock drift), or waits.
 */
export async function freshCode(secret: string): Promise<string> {
  const used = usedSteps.get(secret) ?? new Set<number>();
  usedSteps.set(secret, used);
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    for (const offset of [0, 1]) {
      if (used.has(step + offset)) continue;
      used.add(step + offset);
      return totpCode(secret, offset);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** `npm run owner -- reset` against a data directory; returns the printed one-time link. */
export function ownerReset(dataDir: string, origin: string, databaseUrl?: string): string {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: origin,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const out = execFileSync(process.execPath, ["scripts/owner.ts", "reset"], { cwd: root, env, encoding: "utf8" });
  const link = /https?:\/\/\S+\/admin\/setup\?token=[\w-]+/.exec(out)?.[0];
  if (!link) throw new Error(`no set-up link in: ${out}`);
  return link;
}

/** The secret shown on the enrolment page (text form, next to the QR code). */
export function secretFromEnrolPage(html: string): string {
  const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(html)?.[1];
  if (!secret) throw new Error("no TOTP secret on the enrolment page");
  return secret;
}

/** Set-up link → password → enrolment with a TOTP code: an aal2 client, the secret and the recovery codes. */
export async function setUpOwner(
  base: string,
  link: string,
  password: string,
): Promise<{ client: AdminClient; secret: string; codes: string[] }> {
  const client = new AdminClient(base);
  const token = new URL(link).searchParams.get("token")!;
  const form = await client.get(`/admin/setup?token=${token}`);
  if (form.status !== 200) throw new Error(`set-up page answered ${form.status}`);
  const saved = await client.post("/admin/setup", { token, password, confirm: password });
  if (saved.status !== 303 || saved.headers.get("location") !== "/admin/enrol")
    throw new Error(`set-up answered ${saved.status}`);
  const secret = secretFromEnrolPage(await (await client.get("/admin/enrol")).text());
  const enrolled = await client.post("/admin/enrol", { code: await freshCode(secret) });
  // Enrolment answers with the ten recovery codes, shown once (then a link on to the back office).
  if (enrolled.status !== 200) throw new Error(`enrolment answered ${enrolled.status}`);
  const codes = recoveryCodesIn(await enrolled.text());
  if (codes.length !== 10) throw new Error(`enrolment showed ${codes.length} recovery codes`);
  return { client, secret, codes };
}

/** The recovery codes a page shows (enrolment, or their regeneration under Security). */
export function recoveryCodesIn(html: string): string[] {
  const list = /data-testid="recovery-codes"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*>([a-z0-9-]+)<\/li>/g)].map((match) => match[1]!);
}

/** Password then a second factor (an authenticator code or a recovery code): a fresh aal2 client. */
async function signInWith(base: string, password: string, code: string): Promise<AdminClient> {
  const client = new AdminClient(base);
  const first = await client.post("/admin/sign-in", { password });
  if (first.status !== 303 || first.headers.get("location") !== "/admin/verify")
    throw new Error(`sign-in answered ${first.status}`);
  const second = await client.post("/admin/verify", { code });
  if (second.status !== 303 || second.headers.get("location") !== "/admin")
    throw new Error(`verify answered ${second.status}`);
  return client;
}

/** Password then code: a fresh aal2 client. */
export async function signIn(base: string, password: string, secret: string): Promise<AdminClient> {
  return signInWith(base, password, await freshCode(secret));
}

/**
 * Password then one of the recovery codes (removed from `codes`): a fresh aal2 client, for tests
 * about something other than the authenticator. A TOTP sign-in spends a 30-second step the server
 * never accepts twice, so each one after the second waits up to 30 s (the way-in tests spent three
 * minutes waiting on them).
 */
export async function signInWithRecoveryCode(base: string, password: string, codes: string[]): Promise<AdminClient> {
  const code = codes.pop();
  if (!code) throw new Error("no recovery code left");
  return signInWith(base, password, code);
}

/** The Subject header of a raw message, unfolded and with its encoded words decoded. */
export function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
      decodeURIComponent(
        text
          .replace(/%/g, "%25")
          .replace(/_/g, " ")
          .replace(/=([0-9A-F]{2})/gi, "%$1"),
      ),
    );
}
