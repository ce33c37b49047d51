import { randomBytes, randomUUID } from "node:crypto";
import { createApiToken } from "../api/tokens.server.ts";
import { SAMPLE_TYPES } from "../automation/payload.server.ts";
import { refusedHost } from "../lib/address-guard.server.ts";
import { getEnv, isLiveEnv, liveWebhookProblem } from "../lib/env.server.ts";
import { z } from "../lib/zod.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";

/** How many deliveries the automation page lists (newest first). */
const LOG_SIZE = 50;

/** The automation page: the endpoints (never their secrets) and the last deliveries with their attempts. */
export async function automationPage({ repo }: { repo: StoresOf<"api" | "webhooks"> }) {
  const [endpoints, deliveries, tokens] = await Promise.all([
    repo.listWebhookEndpoints(),
    repo.listWebhookDeliveries(LOG_SIZE),
    repo.listApiTokens(),
  ]);
  return {
    tokens,
    endpoints: endpoints
      .filter((endpoint) => endpoint.enabled)
      .map((endpoint) => ({
        id: endpoint.id,
        url: shownUrl(endpoint.url),
        // The edit field shows the whole URL of the owner's own endpoint (the env one is not editable here).
        fullUrl: endpoint.managed ? endpoint.url : null,
        managed: endpoint.managed,
        pausedAt: endpoint.pausedAt,
        failingSince: endpoint.failingSince,
        previousSecretUntil: endpoint.previousSecretUntil,
      })),
    sampleTypes: SAMPLE_TYPES,
    deliveries: await Promise.all(
      deliveries.map(async (delivery) => ({ ...delivery, attemptLog: await repo.listWebhookAttempts(delivery.id) })),
    ),
  };
}

/** Scheme, host and path: a query string may carry a token of the receiver's, not for the screen. */
function shownUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

export type AutomationOutcome = "test" | "retry" | "resume" | "notConfigured" | "notFound";

/**
 * The page's three buttons: a test event (a sample of the chosen type) to every endpoint, one
 * delivery (failed, waiting or sent) sent again now, a paused endpoint resumed.
 */
export async function automationAction(
  intent: string,
  target: string,
  { repo, webhooksOut }: Pick<OrderServices, "webhooksOut"> & { repo: StoresOf<"webhooks"> },
): Promise<AutomationOutcome> {
  if (intent === "test") {
    if (!(await repo.listWebhookEndpoints()).some((endpoint) => endpoint.enabled)) return "notConfigured";
    // The type the owner chose to see a sample of (an unknown one is refused, never guessed).
    const sample = target === "" ? "order.paid" : SAMPLE_TYPES.find((type) => type === target);
    if (!sample) return "notFound";
    await repo.recordTestWebhookEvent(sample);
    webhooksOut.kick();
    return "test";
  }
  if (intent === "retry") {
    const id = /^\d{1,12}$/.test(target) ? Number(target) : NaN;
    if (!Number.isSafeInteger(id) || !(await repo.retryWebhookNow(id))) return "notFound";
    webhooksOut.kick();
    return "retry";
  }
  if (intent === "resume") {
    if (!(await repo.resumeWebhookEndpoint(target.slice(0, 100)))) return "notFound";
    webhooksOut.kick();
    return "resume";
  }
  return "notFound";
}

export type TokenOutcome = { created: { name: string; secret: string } } | "revokeToken" | "nameRequired" | "notFound";

/**
 * The API's tokens: "create" returns the secret this once (only its hash is stored, so it can never
 * be shown again); "revoke" makes every later request with it a 401.
 */
export async function tokenAction(
  intent: "createToken" | "revokeToken",
  value: string,
  { repo }: { repo: StoresOf<"api"> },
): Promise<TokenOutcome> {
  if (intent === "createToken") {
    const name = value.trim();
    if (!name) return "nameRequired";
    const { secret } = await createApiToken(repo, name);
    return { created: { name: name.slice(0, 80), secret } };
  }
  return (await repo.revokeApiToken(value.slice(0, 100))) ? "revokeToken" : "notFound";
}

/** How long the previous secret keeps signing after a rotation: a day to update the receiver. */
const ROTATION_GRACE_MS = 24 * 60 * 60_000;

/** A Standard Webhooks secret: `whsec_` + base64 of 24 random bytes (what the receiver's verifier decodes). */
const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

const EndpointUrl = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .refine((value) => URL.canParse(value) && !new URL(value).username && !new URL(value).password);

/** Why a URL may not be an endpoint: not http(s), credentials in it, or (live mode) not https or not public. */
export async function endpointUrlProblem(url: string, live: boolean): Promise<string | null> {
  if (!EndpointUrl.safeParse(url).success) return "invalid";
  if (!live) return null;
  // The same rules as AUTOMATION_WEBHOOK_URL at start-up, then every address the name resolves to
  // (the request itself checks again on the connection it opens).
  if (liveWebhookProblem(url, { DEMO_MODE: false, STRIPE_SECRET_KEY: "sk_live_" })) return "notPublic"; // live: the caller said so
  return (await refusedHost(url)) ? "notPublic" : null;
}

export type EndpointOutcome =
  | { secret: { endpointId: string; secret: string; rotated: boolean } }
  | "saveEndpoint"
  | "pause"
  | "resume"
  | "invalid"
  | "notPublic"
  | "notFound";

/**
 * The owner's endpoints: add one (its secret shown once), change its URL, rotate its secret (the
 * previous one keeps signing for a day: every request then carries both signatures), pause and
 * resume any endpoint, the env one included.
 */
export async function endpointAction(
  intent: "addEndpoint" | "saveEndpoint" | "rotateSecret" | "pause" | "resume",
  target: string,
  url: string,
  { repo, webhooksOut }: Pick<OrderServices, "webhooksOut"> & { repo: StoresOf<"webhooks"> },
): Promise<EndpointOutcome> {
  const env = getEnv();
  const id = target.slice(0, 100);
  if (intent === "addEndpoint" || intent === "saveEndpoint") {
    const problem = await endpointUrlProblem(url.trim(), isLiveEnv(env));
    if (problem) return problem as "invalid" | "notPublic";
    if (intent === "saveEndpoint")
      return (await repo.setWebhookEndpointUrl(id, url.trim())) ? "saveEndpoint" : "notFound";
    const secret = newWebhookSecret();
    const endpointId = `ep_${randomUUID()}`;
    await repo.addWebhookEndpoint(endpointId, url.trim(), secret);
    return { secret: { endpointId, secret, rotated: false } };
  }
  if (intent === "rotateSecret") {
    const secret = newWebhookSecret();
    if (!(await repo.rotateWebhookSecret(id, secret, new Date(Date.now() + ROTATION_GRACE_MS).toISOString())))
      return "notFound";
    return { secret: { endpointId: id, secret, rotated: true } };
  }
  if (intent === "pause") return (await repo.pauseWebhookEndpoint(id)) ? "pause" : "notFound";
  if (!(await repo.resumeWebhookEndpoint(id))) return "notFound";
  webhooksOut.kick();
  return "resume";
}
