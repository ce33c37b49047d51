import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { createApiToken } from "../../app/api/tokens.server.ts";
import { openStores } from "../../app/stores.server.ts";
import { ownerReset, setUpOwner, type AdminClient } from "../support/admin.ts";
import { confirmPost, openScreen } from "../support/money.ts";
import {
  decodeMail,
  emlFiles,
  orderForm,
  postForm,
  postOrder,
  readStore,
  waitFor,
  SANDBOX_PAY,
} from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteServer } from "../support/suite.ts";

/**
 * The order's one life over HTTP: a delivery made through the API and one made in the back office
 * are the same delivery (the customer's page, email and order.delivered webhook), a brief posted
 * after a delivery is refused; a full refund closes the customer's page (read-only, saying why, off
 * "to deliver" and the API's list), a partial refund does not.
 */
const server = suiteServer({
  LOG_LEVEL: "silent",
  ORDER_RATE_LIMIT: "0",
  OUTBOX_POLL_MS: "100",
  OWNER_EMAIL: "owner@example.com",
  OWNER_LANG: "en",
  CONTACT_EMAIL: "hello@example.com",
});
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const delivery = { en: locale("en", "delivery"), fr: locale("fr", "delivery"), de: locale("de", "delivery") };
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

let owner: AdminClient;
let secret: string;
beforeAll(async () => {
  const databaseUrl = await databaseUrlFor(server.dataDir);
  owner = (
    await setUpOwner(server.url, ownerReset(server.dataDir, server.url, databaseUrl), "correct horse battery staple")
  ).client;
  const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: databaseUrl });
  try {
    ({ secret } = await createApiToken(repo, "n8n"));
  } finally {
    await repo.close();
  }
});

const mail = (file: string) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));

/** Ordered and paid in the sandbox; its customer page as the confirmation email links it. */
async function paidOrder(offer: string, lang: string, email: string, firstName = "Camille") {
  const created = await postOrder(server.url, offer, lang, orderForm({ email, firstName, lastName: "Martin" }));
  expect(created.status).toBe(303);
  expect((await postForm(server.url + created.headers.get("location")!, SANDBOX_PAY)).status).toBe(303);
  const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === email)!;
  const file = await waitFor(
    () => emlFiles(server.dataDir).find((f) => f === `${order.id}-confirmation.eml`),
    undefined,
    "confirmation",
  );
  const link = new RegExp(`${server.url}(/order/[\\w.-]+)\\?lang=\\w\\w`).exec(mail(file))!;
  return { order, page: `${link[1]}?lang=${lang}`, token: link[1]!.split("/")[2]! };
}

async function api(pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${secret}`);
  if (init.body) headers.set("Content-Type", "application/json");
  const res = await fetch(server.url + pathname, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** The work's closure as stored (work_closures): why and the state machine's event, or undefined while open. */
async function closureOf(orderId: string) {
  const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
  try {
    return await repo.db
      .selectFrom("work_closures")
      .select(["reason", "event"])
      .where("order_id", "=", orderId)
      .executeTakeFirst();
  } finally {
    await repo.close();
  }
}

async function webhookEvents(orderId: string) {
  const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
  try {
    return await repo.db
      .selectFrom("webhook_events")
      .select(["type", "detail_json"])
      .where("order_id", "=", orderId)
      .orderBy("created_at")
      .execute();
  } finally {
    await repo.close();
  }
}

/** What a customer's page shows of the work, with what differs between two orders by nature taken out. */
function workPart(page: string, order: { reference: string }, token: string) {
  const start = page.indexOf(`<h2 class="mt-10 text-lg font-semibold">${html(delivery.en.deliveries.title)}`);
  expect(start).toBeGreaterThan(0);
  return (
    page
      .slice(start)
      .replaceAll(order.reference, "REF")
      .replaceAll(token, "TOKEN")
      // The accept form names the delivery it accepts: its id differs between two orders by nature.
      .replace(/name="delivery" value="[a-f0-9]{32}"/g, 'name="delivery" value="ID"')
      .replace(/\d{1,2}[^<]{0,20}\d{4}[^<]{0,12}\d{1,2}:\d{2}(?:\s?[AP]M)?/g, "DATE")
  );
}

describe("one way to deliver", () => {
  test("an API delivery and a back-office delivery give the same customer page, email and webhook; a brief after either is refused", async () => {
    const viaApi = await paidOrder("test-workflow", "en", "api-delivery@example.com");
    const viaOffice = await paidOrder("test-workflow", "en", "office-delivery@example.com");
    const link = { url: "https://files.example.com/result", label: "Your workflow" };
    const note = "Here is your workflow.";

    const answered = await api(`/api/v1/orders/${viaApi.order.reference}/deliveries`, {
      method: "POST",
      body: JSON.stringify({ links: [link], note }),
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ reference: viaApi.order.reference, delivered: true });

    const form = new FormData();
    form.set("link", link.url);
    form.set("linkLabel", link.label);
    form.set("note", note);
    const posted = await owner.request(`/admin/orders/${viaOffice.order.id}/deliver`, { method: "POST", body: form });
    expect(posted.status).toBe(303);

    // The customer's pages: the delivery with its labelled link and note; never "Delivered" beside "Nothing delivered yet".
    const pages = await Promise.all(
      [viaApi, viaOffice].map(async ({ page }) => (await fetch(server.url + page)).text()),
    );
    for (const shown of pages) {
      expect(shown).toContain(`href="${link.url}"`);
      expect(shown).toContain(`>${link.label}</a>`);
      expect(shown).toContain(note);
      expect(shown).not.toContain(html(delivery.en.deliveries.none));
      expect(shown).toContain('data-testid="accept-form"');
      expect(shown).not.toContain('data-testid="brief-form"');
    }
    expect(workPart(pages[0]!, viaApi.order, viaApi.token)).toBe(workPart(pages[1]!, viaOffice.order, viaOffice.token));

    // The emails: one "your delivery is ready" each, the same words, the link clickable, a button to the page.
    const emails = await Promise.all(
      [viaApi, viaOffice].map(({ order }) =>
        waitFor(
          () => emlFiles(server.dataDir).filter((f) => f.startsWith(`${order.id}-work-delivered.`)),
          undefined,
          "delivery email",
        ),
      ),
    );
    expect(emails.map((files) => files.length)).toEqual([1, 1]);
    const texts = emails.map(([file]) => mail(file!));
    for (const [index, text] of texts.entries()) {
      expect(text).toContain(link.url);
      expect(text).toContain(note);
      expect(text).toContain(`/order/${[viaApi, viaOffice][index]!.token}`);
    }
    // The message's parts (text and HTML), without the headers and boundaries each message has of its own.
    const same = (text: string, which: typeof viaApi) =>
      text
        .slice(text.indexOf("Content-Transfer-Encoding"))
        .replace(/^-*_NmP-[\w-]+$/gm, "")
        .replaceAll(which.order.reference, "REF")
        .replaceAll(which.token, "TOKEN");
    expect(same(texts[0]!, viaApi)).toBe(same(texts[1]!, viaOffice));
    // Clickable: the link and the page's button are anchors in the HTML part.
    for (const [index, text] of texts.entries()) {
      expect(text).toContain(`<a href="${link.url}"`);
      expect(text).toMatch(new RegExp(`<a [^>]*href="[^"]*/order/${[viaApi, viaOffice][index]!.token}`));
    }

    // The webhooks: one order.delivered each, the same detail but the delivery's own id.
    const hooks = await Promise.all([viaApi, viaOffice].map(({ order }) => webhookEvents(order.id)));
    const delivered = hooks.map((rows) => rows.filter((row) => row.type === "order.delivered"));
    expect(delivered.map((rows) => rows.length)).toEqual([1, 1]);
    const detail = (json: string) => ({ ...JSON.parse(json), deliveryId: "ID" });
    expect(detail(delivered[0]![0]!.detail_json)).toEqual(detail(delivered[1]![0]!.detail_json));
    expect(detail(delivered[0]![0]!.detail_json)).toMatchObject({ deliveredLink: true, deliveryRound: 0 });

    // Both out of "to deliver", on the back office and the API alike.
    const listed = await api("/api/v1/orders");
    const references = (listed.body!.orders as Array<{ reference: string }>).map((o) => o.reference);
    expect(references).not.toContain(viaApi.order.reference);
    expect(references).not.toContain(viaOffice.order.reference);

    // A brief sent after the delivery is refused, whichever way it was delivered.
    for (const { page } of [viaApi, viaOffice]) {
      const brief = new FormData();
      brief.set("brief", "One more thing");
      const late = await fetch(server.url + page, { method: "POST", body: brief, redirect: "manual" });
      expect(late.status).toBe(409);
      expect(await late.text()).toContain(html(delivery.en.errors.briefClosed));
    }
    // A second API delivery of a one-time order: 409.
    const again = await api(`/api/v1/orders/${viaApi.order.reference}/deliveries`, {
      method: "POST",
      body: JSON.stringify({ link: "https://files.example.com/other" }),
    });
    expect(again.status).toBe(409);
  });

  test("'Delivered outside the site' is confirmed, and records a delivery with its note as any delivery", async () => {
    const { order, page } = await paidOrder("test-workflow", "fr", "outside@example.com");
    const detail = await (await owner.get(`/admin/orders/${order.id}`)).text();
    // The order page leads with Deliver: its form comes before the secondary "outside the site" action.
    expect(detail.indexOf('data-testid="deliver-form"')).toBeGreaterThan(0);
    expect(detail.indexOf('data-testid="deliver-form"')).toBeLessThan(detail.indexOf('data-testid="deliver-outside"'));
    const unconfirmed = await owner.post(`/admin/orders/${order.id}`, {
      intent: "outside",
      note: "Remis en main propre.",
    });
    expect(unconfirmed.status).toBe(400);
    const confirmed = await owner.post(`/admin/orders/${order.id}`, {
      intent: "outside",
      note: "Remis en main propre.",
      confirm: "yes",
    });
    expect(confirmed.status).toBe(303);
    const shown = await (await fetch(server.url + page)).text();
    expect(shown).toContain("Remis en main propre.");
    expect(shown).toContain('data-testid="delivery"');
    expect(shown).not.toContain(html(delivery.fr.deliveries.none));
    await waitFor(
      () => emlFiles(server.dataDir).find((f) => f.startsWith(`${order.id}-work-delivered.`)),
      undefined,
      "delivery email",
    );
    expect((await webhookEvents(order.id)).filter((row) => row.type === "order.delivered")).toHaveLength(1);
  });
});

describe("money ends the work", () => {
  const refund = async (orderId: string, amount: number) => {
    const screen = await openScreen(
      owner,
      `/admin/orders/${orderId}/refund?${new URLSearchParams({ key: crypto.randomUUID(), amount: (amount / 100).toFixed(2), reason: "requested_by_customer", note: "" })}`,
    );
    expect(screen.status).toBe(200);
    const done = await confirmPost(owner, `/admin/orders/${orderId}/refund`, screen.fields);
    expect(done.status).toBe(303);
  };

  test("a full refund of a subscription makes its page read-only, saying why in the customer's language, and takes it off 'to deliver'; a partial refund does not", async () => {
    const full = await paidOrder("formateur-ia", "fr", "refund-full@example.com");
    const partial = await paidOrder("formateur-ia", "fr", "refund-partial@example.com");
    const toDeliver = async () =>
      ((await api("/api/v1/orders")).body!.orders as Array<{ reference: string }>).map((o) => o.reference);
    expect(await toDeliver()).toEqual(expect.arrayContaining([full.order.reference, partial.order.reference]));

    await refund(full.order.id, full.order.amountDueNow);
    await refund(partial.order.id, 100);

    const closed = await (await fetch(server.url + full.page)).text();
    expect(closed).toContain('data-testid="work-closed"');
    expect(closed).toContain(html(delivery.fr.closed.refunded));
    expect(closed).not.toContain('data-testid="brief-form"');
    expect(closed).not.toContain('data-testid="order-due"');
    const open = await (await fetch(server.url + partial.page)).text();
    expect(open).not.toContain('data-testid="work-closed"');
    expect(open).toContain('data-testid="brief-form"');

    // A brief posted anyway (an old tab): refused in French, nothing stored.
    const brief = new FormData();
    brief.set("brief", "Mes sujets du mois");
    const late = await fetch(server.url + full.page, { method: "POST", body: brief, redirect: "manual" });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(html(delivery.fr.errors.workClosed));

    // Off "to deliver" (the API's list and the back office's filter), the partly refunded one still there.
    const listed = await toDeliver();
    expect(listed).not.toContain(full.order.reference);
    expect(listed).toContain(partial.order.reference);
    const office = await (await owner.get("/admin/orders?state=to-deliver")).text();
    expect(office).not.toContain(`data-order-id="${full.order.id}"`);
    expect(office).toContain(`data-order-id="${partial.order.id}"`);
    // Neither the owner nor the API can deliver it any more.
    const refused = await api(`/api/v1/orders/${full.order.reference}/deliveries`, {
      method: "POST",
      body: JSON.stringify({ note: "Too late" }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "work_closed" });
    // The closure is the work's, written by the state machine's move with the refund.
    expect(await closureOf(full.order.id)).toEqual({ reason: "refunded", event: "refundFull" });
    expect(await closureOf(partial.order.id)).toBeUndefined();
  });

  test("the back office's cancellation now closes the work through the state machine (stored: cancelled), the page read-only saying why in German, a brief and an acceptance refused 409, off the API's list; one at the period's end leaves the work going", async () => {
    const now = await paidOrder("formateur-ia", "de", "cancel-now@example.com", "Lena");
    const later = await paidOrder("formateur-ia", "de", "cancel-later@example.com", "Jonas");
    const cancel = async (orderId: string, when: "now" | "period_end") => {
      const screen = await openScreen(owner, `/admin/orders/${orderId}/cancel?when=${when}`);
      expect(screen.status).toBe(200);
      expect((await confirmPost(owner, `/admin/orders/${orderId}/cancel`, screen.fields)).status).toBe(303);
    };
    await cancel(now.order.id, "now");
    await cancel(later.order.id, "period_end");

    expect(await closureOf(now.order.id)).toEqual({ reason: "cancelled", event: "cancelNow" });
    expect(await closureOf(later.order.id)).toBeUndefined();
    const closed = await (await fetch(server.url + now.page)).text();
    expect(closed).toContain('data-testid="work-closed"');
    expect(closed).toContain(html(delivery.de.closed.cancelled));
    expect(closed).not.toContain('data-testid="brief-form"');
    const going = await (await fetch(server.url + later.page)).text();
    expect(going).not.toContain('data-testid="work-closed"');
    expect(going).toContain('data-testid="brief-form"');

    // An old tab's brief and acceptance: refused in German, nothing stored.
    const brief = new FormData();
    brief.set("brief", "Themen für diesen Monat");
    const late = await fetch(server.url + now.page, { method: "POST", body: brief, redirect: "manual" });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(html(delivery.de.errors.workClosed));
    const accept = await fetch(server.url + now.page, {
      method: "POST",
      body: new URLSearchParams({ intent: "accept" }),
      redirect: "manual",
    });
    expect(accept.status).toBe(409);
    expect(await accept.text()).toContain(html(delivery.de.errors.workClosed));

    const listed = ((await api("/api/v1/orders")).body!.orders as Array<{ reference: string }>).map((o) => o.reference);
    expect(listed).not.toContain(now.order.reference);
    expect(listed).toContain(later.order.reference);
    // The API says why the work ended, gives no due date, and refuses to say work is under way.
    expect((await api(`/api/v1/orders/${now.order.reference}`)).body).toMatchObject({
      closed: { reason: "cancelled" },
      due: null,
    });
    expect((await api(`/api/v1/orders/${later.order.reference}`)).body).toMatchObject({ closed: null });
    const status = await api(`/api/v1/orders/${now.order.reference}/status`, {
      method: "POST",
      body: JSON.stringify({ status: "in_progress" }),
    });
    expect(status.status).toBe(409);
    expect(status.body).toMatchObject({ code: "work_closed" });
  });
});
