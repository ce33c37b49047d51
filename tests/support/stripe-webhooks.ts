import { KyselyWebhookInbox, type InboxEntry } from "../../app/billing/webhook-inbox.server.ts";
import { openStores } from "../../app/stores.server.ts";
import type { SignedEvent } from "./fake-stripe.ts";
import { postOrder, waitFor } from "./orders.ts";
import { databaseUrlFor } from "./store.ts";

/** Posts a signed event to the site's Stripe webhook as Stripe does; the answer comes before the handling. */
export async function postEvent(serverUrl: string, event: SignedEvent): Promise<{ status: number; body: string }> {
  const res = await fetch(`${serverUrl}/webhooks/stripe`, {
    method: "POST",
    body: event.body,
    headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
  });
  return { status: res.status, body: await res.text() };
}

/** The stored webhook event (queued, done or unhandled) of a server's database. */
export async function inboxEntry(dataDir: string, eventId: string): Promise<InboxEntry | undefined> {
  const repo = await openStores({ DATA_DIR: dataDir, DATABASE_URL: await databaseUrlFor(dataDir) });
  try {
    return await new KyselyWebhookInbox(repo.db, repo.dialect).find(eventId);
  } finally {
    await repo.close();
  }
}

/** Waits until the site's webhook worker has handled (or given up on) a stored event. */
export async function handledEntry(dataDir: string, eventId: string, timeoutMs = 15_000): Promise<InboxEntry> {
  return waitFor(
    async () => {
      const entry = await inboxEntry(dataDir, eventId);
      return entry && entry.status !== "queued" ? entry : undefined;
    },
    timeoutMs,
    `event ${eventId} handled`,
  );
}

/**
 * Delivers an event and waits for its handling: the webhook's answer (2xx at once) and what the
 * worker made of it (the outcome: the order's new state, "duplicate", "one-time invoice"…).
 */
export async function deliverHandled(
  server: { url: string; dataDir: string },
  event: SignedEvent,
): Promise<{ status: number; outcome: string | null }> {
  const answer = await postEvent(server.url, event);
  if (answer.status !== 200 || answer.body !== "queued") return { status: answer.status, outcome: answer.body };
  const entry = await handledEntry(server.dataDir, event.id);
  return {
    status: answer.status,
    outcome: entry.status === "unhandled" ? `unhandled: ${entry.lastError}` : entry.outcome,
  };
}

/**
 * A buyer's order paid through the fake Stripe as a browser does it: the form posted, Checkout's
 * page paid, the return page opened, then Stripe's signed `checkout.session.completed` delivered
 * and handled. Returns the Checkout session's id.
 */
export async function payThroughStripe(
  server: { url: string; dataDir: string },
  stripe: { signedEvent(type: string, sessionId: string): SignedEvent },
  order: { offer: string; lang: string; form: URLSearchParams },
): Promise<string> {
  const res = await postOrder(server.url, order.offer, order.lang, order.form);
  if (res.status !== 303) throw new Error(`the order form answered ${res.status}, not 303`);
  const payUrl = res.headers.get("location")!;
  const sessionId = new URL(payUrl).pathname.split("/").pop()!;
  const back = (await fetch(`${payUrl}?action=pay`, { redirect: "manual" })).headers.get("location")!;
  const returned = await fetch(back);
  if (returned.status !== 200) throw new Error(`the return page answered ${returned.status}, not 200`);
  const handled = await deliverHandled(server, stripe.signedEvent("checkout.session.completed", sessionId));
  if (handled.status !== 200) throw new Error(`checkout.session.completed answered ${handled.status}, not 200`);
  return sessionId;
}
