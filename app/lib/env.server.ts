import { isIP } from "node:net";
import proxyAddr from "proxy-addr";
import { isPrivateAddress } from "./address-guard.server.ts";
import { z } from "./zod.ts";

/** A Standard Webhooks secret: `whsec_` and the base64 of the key's bytes. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    /** The most DATA_DIR/backups may take: the oldest daily copies go first (the newest always stays). */
    BACKUPS_MAX_MB: z.coerce.number().int().min(1).default(1024),
    /** An origin only: a path, query or fragment would end up in every canonical and return URL. */
    /** Unset: http://localhost:$PORT (below), so local links work on any port. */
    PUBLIC_ORIGIN: optional(
      z
        .url({ protocol: /^https?$/ })
        .refine(
          (value) => isBareOrigin(value),
          "must be an origin only (scheme, host, optional port): no path, query, fragment or credentials",
        )
        .transform((value) => new URL(value).origin),
    ),
    /** Overrides contactEmail of the owner configuration (SITE_CONFIG) when set. */
    CONTACT_EMAIL: optional(z.email()),
    /** The owner configuration file (brand, person, profiles, video ids, legal identity). */
    SITE_CONFIG: optional(z.string().min(1)),
    /** Sandbox checkout and placeholders allowed on an https origin (a public demo). */
    DEMO_MODE: z
      .enum(["true", "false", "1", "0", ""])
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    /** Signs "manage my subscription" and invoice links (unset: a random one kept in the database). */
    LINK_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    /** Requests for a fresh "manage my subscription" link per IP per 10 minutes. */
    MANAGE_LINK_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "must look like sk_test_… or sk_live_…")),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, "must look like whsec_…")),
    /** Test hook: points the Stripe SDK at a local fake (http://127.0.0.1:PORT). */
    STRIPE_API_BASE: optional(z.url()),
    /** Stripe Tax computes the VAT inside the prices of every Checkout session, one-time and subscription. */
    STRIPE_AUTOMATIC_TAX: z
      .enum(["true", "false", "1", "0", ""])
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
    /** Sender address; a bare address gets the brand as its name (unset: no-reply@localhost). */
    MAIL_FROM: optional(z.string().min(3)),
    DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
    /**
     * Which proxies in front may set X-Forwarded-For/-Proto/-Host (Express `trust proxy`
     * semantics): `false` none; `true` one hop; a hop count; or proxy addresses/CIDRs (and the
     * names loopback, linklocal, uniquelocal), comma-separated. The client IP is the first
     * untrusted address counted from the right.
     */
    TRUST_PROXY: z
      .string()
      .default("false")
      .transform((value, ctx): TrustProxy => {
        const trimmed = value.trim().toLowerCase();
        if (trimmed === "" || trimmed === "false" || trimmed === "0") return false;
        if (trimmed === "true") return 1;
        if (/^\d+$/.test(trimmed)) return Number(trimmed);
        const list = trimmed
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean);
        try {
          proxyAddr.compile(list);
        } catch (error) {
          ctx.addIssue({
            code: "custom",
            message: `must be true, false, a hop count or proxy addresses/CIDRs (${(error as Error).message})`,
          });
          return z.NEVER;
        }
        return list;
      }),
    LOG_LEVEL: z.enum(["silent", "fatal", "error", "warn", "info", "debug"]).default("info"),
    /** Orders one IP may create per 10 minutes; 0 disables the limit (load tests). */
    ORDER_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
    /**
     * Quote acknowledgements one email address receives per day (further requests are stored and
     * reach the owner, the address gets nothing): the form must not be a mail relay.
     */
    QUOTE_ACK_DAILY_LIMIT: z.coerce.number().int().min(0).default(3),
    /** Resend-confirmation requests per IP per 10 minutes. */
    RESEND_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
    /** Payment-provider look-ups (thank-you page) per IP per 10 minutes; 0 disables the limit. */
    LOOKUP_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
    /** Email outbox retry timing: first backoff, cap, and how often the worker looks for due mail. */
    OUTBOX_BACKOFF_MS: z.coerce.number().int().min(10).default(5_000),
    OUTBOX_MAX_BACKOFF_MS: z.coerce
      .number()
      .int()
      .min(10)
      .default(15 * 60_000),
    OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(5_000),
    /**
     * Open connections one client address may hold at once (0: no cap). Room for an office behind
     * one address (a browser opens about six); far below the thousands a slow-header attack holds.
     * Connections from a TRUST_PROXY address are not counted (the proxy limits its own clients).
     */
    CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).default(256),
    /** How often the funnel's page views counted in memory are added to the database (app/stats). */
    PAGE_VIEWS_FLUSH_MS: z.coerce.number().int().min(10).default(60_000),
    /** Where the owner's notifications go (default: the site's contact email) and in which language. */
    OWNER_EMAIL: optional(z.email()),
    OWNER_LANG: z.enum(["fr", "en", "es", "de", "pt", "it"]).default("fr"),
    /** The owner's time zone (IANA): due dates in business days are counted in it, and every due time is stated in it. */
    OWNER_TIME_ZONE: z
      .string()
      .default("Europe/Paris")
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat("en-US", { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, "must be an IANA time zone such as Europe/Paris"),
    /** When the owner's morning email (due, late, new) leaves, on OWNER_TIME_ZONE's clock: HH:MM, or off. */
    MORNING_EMAIL_AT: z
      .string()
      .trim()
      .default("08:00")
      .refine(
        (value) => value === "off" || /^([01]\d|2[0-3]):[0-5]\d$/.test(value),
        "must be a time of day such as 08:00, or off",
      ),
    /**
     * Tests only: a cheaper password hash (scrypt N = 2^this, 10–17) so the test suite's many
     * sign-ins do not crawl on a loaded machine. Refused on an https origin and with a live key:
     * a deployed site always hashes at the production cost (app/auth/password.server.ts).
     */
    PASSWORD_HASH_LOG2_N: optional(z.coerce.number().int().min(10).max(17)),
    /** How long an instance owns an email it claimed; if it dies, another sends it after this. */
    OUTBOX_LEASE_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .default(2 * 60_000),
    /**
     * One endpoint for the signed webhooks out (Standard Webhooks, docs/automation.md) and its
     * `whsec_…` secret: both or neither. https only in live mode.
     */
    AUTOMATION_WEBHOOK_URL: optional(
      z
        .url({ protocol: /^https?$/ })
        .refine((value) => !new URL(value).username && !new URL(value).password, "must not carry credentials"),
    ),
    AUTOMATION_WEBHOOK_SECRET: optional(
      z
        .string()
        .regex(WEBHOOK_SECRET_PATTERN, "must look like whsec_ followed by base64")
        .refine((value) => {
          const bytes = Buffer.from(value.slice(6), "base64").length;
          return bytes >= 24 && bytes <= 64;
        }, "must hold 24 to 64 bytes of key after whsec_ (e.g. whsec_ + `openssl rand -base64 32`)"),
    ),
    /** Webhook retry timing: first backoff and cap (doubling, as the email outbox), and how long an endpoint may fail before it is paused. */
    AUTOMATION_WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(10).default(10_000),
    AUTOMATION_WEBHOOK_MAX_BACKOFF_MS: z.coerce
      .number()
      .int()
      .min(10)
      .default(60 * 60_000),
    AUTOMATION_WEBHOOK_PAUSE_AFTER_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(24 * 60 * 60_000),
    /**
     * How long a customer's download link works, in seconds (15 minutes): the order page signs a
     * fresh one at every view, so a link copied out of it or left in a history soon stops working.
     */
    FILE_LINK_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 24 * 3600)
      .default(900),
    /**
     * Hours after payment when a customer who has not sent their brief gets one reminder (once per
     * order, whatever the number of instances); `0` sends none. A fraction is allowed (a test waits seconds).
     */
    BRIEF_REMINDER_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 30)
      .default(24),
    /** Where briefs' and deliveries' files live: the disk under DATA_DIR, or an S3-compatible bucket (FILES_S3_*). */
    FILES_STORAGE: z.enum(["disk", "s3"]).default("disk"),
    /** Unset: AWS's own endpoint for the region; set for MinIO, R2, Scaleway, OVH… */
    FILES_S3_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
    FILES_S3_BUCKET: optional(z.string().min(3).max(63)),
    FILES_S3_REGION: z.string().min(1).default("us-east-1"),
    FILES_S3_ACCESS_KEY_ID: optional(z.string().min(1)),
    FILES_S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
    /** Path-style URLs (endpoint/bucket/key): what MinIO and most self-hosted servers need. */
    FILES_S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", "1", "0", ""])
      .default("false")
      .transform((value) => value === "true" || value === "1"),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "is required when STRIPE_SECRET_KEY is set",
      });
    }
    if (Boolean(env.AUTOMATION_WEBHOOK_URL) !== Boolean(env.AUTOMATION_WEBHOOK_SECRET)) {
      const missing = env.AUTOMATION_WEBHOOK_URL ? "AUTOMATION_WEBHOOK_SECRET" : "AUTOMATION_WEBHOOK_URL";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "is required with the other AUTOMATION_WEBHOOK_ variable (set both, or neither)",
      });
    }
    const problem = env.AUTOMATION_WEBHOOK_URL && liveWebhookProblem(env.AUTOMATION_WEBHOOK_URL, env);
    if (problem) ctx.addIssue({ code: "custom", path: ["AUTOMATION_WEBHOOK_URL"], message: problem });
    if (env.FILES_STORAGE === "s3") {
      // Refused at start rather than at the first upload: a customer's file must never be the test.
      const missing = (["FILES_S3_BUCKET", "FILES_S3_ACCESS_KEY_ID", "FILES_S3_SECRET_ACCESS_KEY"] as const).filter(
        (name) => !env[name],
      );
      if (missing.length > 0)
        ctx.addIssue({ code: "custom", path: ["FILES_STORAGE"], message: `s3 needs ${missing.join(", ")}` });
    }
    const deployed =
      (env.PUBLIC_ORIGIN ?? "").startsWith("https:") || /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? "");
    if (env.PASSWORD_HASH_LOG2_N !== undefined && deployed) {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_HASH_LOG2_N"],
        message:
          "is for tests on a plain-http origin only: unset it (a deployed site hashes passwords at the production cost)",
      });
    }
  })
  .transform((env) => ({ ...env, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? defaultOrigin(env.PORT) }));

/** Live mode as the go-live check defines it (app/config/go-live.ts): a live key, or an https origin that is not a demo. */
export const isLiveEnv = (env: { PUBLIC_ORIGIN?: string; DEMO_MODE: boolean; STRIPE_SECRET_KEY?: string }) =>
  /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? "") ||
  ((env.PUBLIC_ORIGIN ?? "").startsWith("https:") && !env.DEMO_MODE);

/**
 * In live mode a webhook goes over https to a public host only (server-side request forgery): a
 * name is checked again, with all its addresses, on every request (app/automation/); what can be
 * said without a lookup is said here, at start-up.
 */
export function liveWebhookProblem(
  url: string,
  env: { PUBLIC_ORIGIN?: string; DEMO_MODE: boolean; STRIPE_SECRET_KEY?: string },
): string | null {
  if (!isLiveEnv(env)) return null;
  const { protocol, hostname } = new URL(url);
  if (protocol !== "https:") return "must be an https URL in live mode";
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal"))
    return `must be a public host in live mode (${host} is local)`;
  if (isIP(host) && isPrivateAddress(host))
    return `must be a public address in live mode (${host} is loopback, private or link-local)`;
  return null;
}

/** The origin a local run answers on: what PUBLIC_ORIGIN means when it is unset. */
export const defaultOrigin = (port: number) => `http://localhost:${port}`;

/** false: trust no proxy; a number: that many hops; a list: those addresses/CIDRs. */
export type TrustProxy = false | number | string[];

function isBareOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.pathname === "/" || url.pathname === "") &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password &&
      !/[?#]/.test(value)
    );
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: Env } | { ok: false; errors: string[] } {
  const result = EnvSchema.safeParse(source);
  if (result.success) return { ok: true, env: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`),
  };
}

let cached: Env | undefined;

/** The validated configuration; exits the process with a readable message when it is invalid. */
export function getEnv(): Env {
  if (cached) return cached;
  const result = parseEnv(process.env);
  if (!result.ok) {
    // One problem per line, as `npm run check-live` prints them: a list reads at a glance (and
    // a single problem stays one line in a container's log).
    console.error(
      result.errors.length === 1
        ? `Invalid configuration: ${result.errors[0]}`
        : `Invalid configuration:\n  ${result.errors.join("\n  ")}`,
    );
    process.exit(1);
  }
  cached = result.env;
  return cached;
}
