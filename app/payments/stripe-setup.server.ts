import type Stripe from "stripe";
import { STRIPE_WEBHOOK_EVENTS } from "./stripe-events.ts";
import { STRIPE_PINNED_VERSION } from "./stripe-version.ts";

/**
 * What the site needs from a Stripe account, set up (`npm run stripe-setup`) and checked
 * (`npm run check-live`) through the API with the same definitions, so the two cannot drift:
 * - a webhook endpoint at PUBLIC_ORIGIN/webhooks/stripe with exactly the handled events and the
 *   SDK's API version (events are rendered in the endpoint's version,
 *   https://docs.stripe.com/webhooks/versioning; a v1 webhook endpoint sends snapshot payloads);
 * - a default Billing Portal configuration: cancel at the end of the period, invoices, payment
 *   method, return to the site (https://docs.stripe.com/customer-management/configure-portal).
 */
export const webhookUrl = (publicOrigin: string) => `${publicOrigin}/webhooks/stripe`;
const wantedEvents = () => [...STRIPE_WEBHOOK_EVENTS].sort();

export function portalFeatures(): Stripe.BillingPortal.ConfigurationCreateParams.Features {
  return {
    subscription_cancel: { enabled: true, mode: "at_period_end" },
    invoice_history: { enabled: true },
    payment_method_update: { enabled: true },
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((value, i) => value === [...b].sort()[i]);

async function allEndpoints(stripe: Stripe): Promise<Stripe.WebhookEndpoint[]> {
  const list: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) list.push(endpoint);
  return list;
}

async function defaultPortal(stripe: Stripe): Promise<Stripe.BillingPortal.Configuration | undefined> {
  const list: Stripe.BillingPortal.Configuration[] = [];
  for await (const configuration of stripe.billingPortal.configurations.list({ limit: 100 })) list.push(configuration);
  return (
    list.find((configuration) => configuration.is_default && configuration.active) ??
    list.find((configuration) => configuration.active)
  );
}

const portalOk = (configuration: Stripe.BillingPortal.Configuration, returnUrl: string) => {
  const { features } = configuration;
  return (
    configuration.default_return_url === returnUrl &&
    features.subscription_cancel?.enabled === true &&
    features.subscription_cancel.mode === "at_period_end" &&
    features.invoice_history?.enabled === true &&
    features.payment_method_update?.enabled === true
  );
};

export interface SetupReport {
  lines: string[];
  /** The new endpoint's signing secret, shown once (null when the endpoint already existed). */
  secret: string | null;
  changed: boolean;
}

/** Creates or updates the webhook endpoint and the portal configuration; a second run changes nothing. */
export async function setUpStripe(stripe: Stripe, publicOrigin: string): Promise<SetupReport> {
  const url = webhookUrl(publicOrigin);
  const returnUrl = `${publicOrigin}/`;
  const lines: string[] = [];
  let secret: string | null = null;
  let changed = false;
  const events = wantedEvents() as Stripe.WebhookEndpointCreateParams.EnabledEvent[];
  const existing = (await allEndpoints(stripe)).find((endpoint) => endpoint.url === url);
  if (!existing || existing.api_version !== STRIPE_PINNED_VERSION) {
    // An endpoint's API version cannot be changed: a new endpoint replaces one on another version.
    const created = await stripe.webhookEndpoints.create({
      url,
      enabled_events: events,
      api_version: STRIPE_PINNED_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
      description: "Orders site (npm run stripe-setup)",
    });
    secret = created.secret ?? null;
    changed = true;
    if (existing) {
      await stripe.webhookEndpoints.del(existing.id);
      lines.push(
        `webhook endpoint ${url}: replaced ${existing.id} (API version ${existing.api_version ?? "account default"}) by ${created.id} on ${STRIPE_PINNED_VERSION}`,
      );
    } else {
      lines.push(
        `webhook endpoint ${url}: created ${created.id} (API version ${STRIPE_PINNED_VERSION}, ${events.length} events)`,
      );
    }
  } else if (!sameSet(existing.enabled_events, events) || existing.status !== "enabled") {
    await stripe.webhookEndpoints.update(existing.id, { enabled_events: events, disabled: false });
    changed = true;
    lines.push(`webhook endpoint ${url}: events updated to the ${events.length} the site handles`);
  } else {
    lines.push(`webhook endpoint ${url}: unchanged`);
  }

  const portal = await defaultPortal(stripe);
  if (!portal) {
    await stripe.billingPortal.configurations.create({ features: portalFeatures(), default_return_url: returnUrl });
    changed = true;
    lines.push("Billing Portal configuration: created (cancel at period end, invoices, payment method)");
  } else if (!portalOk(portal, returnUrl)) {
    await stripe.billingPortal.configurations.update(portal.id, {
      features: portalFeatures(),
      default_return_url: returnUrl,
    });
    changed = true;
    lines.push(`Billing Portal configuration ${portal.id}: updated`);
  } else {
    lines.push(`Billing Portal configuration ${portal.id}: unchanged`);
  }
  return { lines, secret, changed };
}

/** What is wrong with the account for this origin, one line each (empty: ready). */
export async function checkStripeAccount(stripe: Stripe, publicOrigin: string): Promise<string[]> {
  const url = webhookUrl(publicOrigin);
  const problems: string[] = [];
  const endpoint = (await allEndpoints(stripe)).find((candidate) => candidate.url === url);
  if (!endpoint) {
    // Only v1 webhook endpoints are listed here: they send snapshot payloads. An event destination
    // with thin payloads does not count (the site does not read them).
    problems.push(`Stripe: no webhook endpoint with snapshot payloads for ${url} (run npm run stripe-setup)`);
  } else {
    const wanted = wantedEvents();
    const missing = wanted.filter(
      (event) => !endpoint.enabled_events.includes(event) && !endpoint.enabled_events.includes("*"),
    );
    const extra = endpoint.enabled_events.filter((event) => !wanted.includes(event));
    if (missing.length) problems.push(`Stripe: webhook endpoint ${endpoint.id} misses events: ${missing.join(", ")}`);
    if (extra.length)
      problems.push(`Stripe: webhook endpoint ${endpoint.id} sends events the site ignores: ${extra.join(", ")}`);
    if (endpoint.api_version !== STRIPE_PINNED_VERSION) {
      problems.push(
        `Stripe: webhook endpoint ${endpoint.id} is on API version ${endpoint.api_version ?? "the account default"}, not the SDK's ${STRIPE_PINNED_VERSION} (npm run stripe-setup replaces it)`,
      );
    }
    if (endpoint.status !== "enabled") problems.push(`Stripe: webhook endpoint ${endpoint.id} is ${endpoint.status}`);
  }
  const portal = await defaultPortal(stripe);
  if (!portal)
    problems.push(
      "Stripe: no Billing Portal configuration (customers cannot manage their subscription; run npm run stripe-setup)",
    );
  else if (!portalOk(portal, `${publicOrigin}/`))
    problems.push(
      `Stripe: Billing Portal configuration ${portal.id} lacks cancel at period end, invoices, payment method or the return URL ${publicOrigin}/`,
    );
  return problems;
}
