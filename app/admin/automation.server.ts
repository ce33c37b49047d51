import { createApiToken } from "../api/tokens.server.ts";
import { getOrderServices } from "../services.server.ts";

/** How many deliveries the automation page lists (newest first). */
const LOG_SIZE = 50;

/** The automation page: the endpoints (never their secrets) and the last deliveries with their attempts. */
export async function automationPage() {
  const { repo } = await getOrderServices();
  const [endpoints, deliveries, tokens] = await Promise.all([repo.listWebhookEndpoints(), repo.listWebhookDeliveries(LOG_SIZE), repo.listApiTokens()]);
  return {
    tokens,
    endpoints: endpoints.filter((endpoint) => endpoint.enabled).map((endpoint) => ({ id: endpoint.id, url: shownUrl(endpoint.url), pausedAt: endpoint.pausedAt, failingSince: endpoint.failingSince })),
    deliveries: await Promise.all(deliveries.map(async (delivery) => ({ ...delivery, attemptLog: await repo.listWebhookAttempts(delivery.id) }))),
  };
}

/** Scheme, host and path: a query string may carry a token of the receiver's, not for the screen. */
function shownUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

export type AutomationOutcome = "test" | "retry" | "resume" | "notConfigured" | "notFound";

/** The page's three buttons: a test event to every endpoint, one delivery due now, a paused endpoint resumed. */
export async function automationAction(intent: string, target: string): Promise<AutomationOutcome> {
  const { repo, webhooksOut } = await getOrderServices();
  if (intent === "test") {
    if (!(await repo.listWebhookEndpoints()).some((endpoint) => endpoint.enabled)) return "notConfigured";
    await repo.recordTestWebhookEvent();
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
export async function tokenAction(intent: "createToken" | "revokeToken", value: string): Promise<TokenOutcome> {
  const { repo } = await getOrderServices();
  if (intent === "createToken") {
    const name = value.trim();
    if (!name) return "nameRequired";
    const { secret } = await createApiToken(repo, name);
    return { created: { name: name.slice(0, 80), secret } };
  }
  return (await repo.revokeApiToken(value.slice(0, 100))) ? "revokeToken" : "notFound";
}
