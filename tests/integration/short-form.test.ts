import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AdminClient, ownerReset, setUpOwner } from "../support/admin.ts";
import {
  decodeMail,
  emlFiles,
  orderForm,
  postForm,
  postOrder,
  readStore,
  SANDBOX_PAY,
  waitFor,
} from "../support/orders.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { databaseUrlFor } from "../support/store.ts";

/**
 * The Telegram agent's order form asks before payment only what the set-up needs (who, how to
 * reach them on Telegram) and what the invoice needs that the checkout does not collect (a
 * company, optional). The billing address is the checkout's, the sandbox's as Stripe's; the rest
 * of the questions are the brief's, after payment. Over HTTP, without JavaScript.
 */
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    LOG_LEVEL: "silent",
    ORDER_RATE_LIMIT: "0",
    OUTBOX_POLL_MS: "100",
    OWNER_EMAIL: "owner@example.com",
    OWNER_LANG: "en",
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

/** The form controls of the form holding `marker` in served HTML: tag, name, autocomplete, and whether the browser requires them. */
function controlsOf(page: string, marker: string) {
  expect(page.indexOf(marker), marker).toBeGreaterThanOrEqual(0);
  const start = page.lastIndexOf("<form", page.indexOf(marker));
  const form = page.slice(start, page.indexOf("</form>", start));
  return (
    [...form.matchAll(/<(input|select|textarea)\b([^>]*)>/g)]
      .map(([, tag, attributes]) => {
        const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(attributes!)?.[1];
        return {
          tag: tag!,
          name: attribute("name") ?? "",
          type: attribute("type") ?? "",
          autoComplete: attribute("autoComplete") ?? "",
          required: /\srequired(=""|\s|$)/.test(attributes!) || attribute("aria-required") === "true",
        };
      })
      // The hidden fields and the honeypot people never see (HONEYPOT_FIELD).
      .filter((control) => control.type !== "hidden" && control.name !== "website")
  );
}

const pattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const mail = (file: string) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));

let owner: AdminClient;
async function signedInOwner() {
  owner ??= (
    await setUpOwner(
      server.url,
      ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
      "correct horse battery staple",
    )
  ).client;
  return owner;
}

describe("the Telegram agent's order form", () => {
  test.each(["en", "fr", "de"])(
    "(%s) requires six answers before payment: name, email, Telegram handle and the two boxes; no postal address, no free-text country",
    async (lang) => {
      const page = await (await fetch(`${server.url}/commander?offre=formateur-ia&lang=${lang}`)).text();
      const controls = controlsOf(page, 'id="order"');
      const required = [...new Set(controls.filter((control) => control.required).map((control) => control.name))];
      expect(required).toEqual(["firstName", "lastName", "email", "telegramId", "acceptTerms", "immediateStart"]);
      // Everything it asks: the company is optional (an invoice to a business names it; the checkout does not ask it).
      expect([...new Set(controls.map((control) => control.name))]).toEqual([
        "firstName",
        "lastName",
        "email",
        "companyName",
        "telegramId",
        "acceptTerms",
        "immediateStart",
      ]);
      for (const name of ["address", "postalCode", "city", "country", "phoneNumber", "agentName", "connectZapier"])
        expect(page).not.toContain(`name="${name}"`);
      expect(controls.filter((control) => /country|address|postal-code/.test(control.autoComplete))).toEqual([]);
      // The page says where the rest is asked.
      expect(page).toContain(html(locale(lang, "order").form.intro.agent));
    },
  );
});

describe("a sandbox order of the Telegram agent", () => {
  test("the checkout asks the billing address (countries as codes named in the visitor's language), refuses to pay without it, and the owner sees it on the order", async () => {
    const created = await postOrder(
      server.url,
      "formateur-ia",
      "de",
      orderForm({ email: "kurz@example.com", lastName: "Kurz" }),
    );
    expect(created.status).toBe(303);
    const checkout = created.headers.get("location")!;
    const page = await (await fetch(server.url + checkout)).text();
    const billing = locale("de", "billing");
    expect(page).toContain(html(billing.title));
    const controls = controlsOf(page, 'data-block="billing-address"');
    expect(controls.filter((control) => control.required).map((control) => control.name)).toEqual([
      "billingName",
      "line1",
      "postalCode",
      "city",
      "country",
    ]);
    // A list, not free text: ISO codes, named in German by Intl.DisplayNames.
    expect(controls.find((control) => control.name === "country")!.tag).toBe("select");
    // Named in German; Germany chosen for a German reader (the checkout needs no search among ~250).
    expect(page).toMatch(/<option value="DE"( selected="")?>Deutschland<\/option>/);
    expect(page).toContain('<option value="FR">Frankreich</option>');

    // "Pay" without an address (a post without the browser's checks): a translated 400, nothing paid.
    const refused = await postForm(server.url + checkout, { intent: "pay", billingName: "Kurz", country: "Atlantis" });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain(html(billing.incomplete));
    expect(refusedPage).toMatch(/id="billing-line1"[^>]*aria-invalid="true"/);
    expect(
      (await readStore(server.dataDir)).orders.find((o) => o.customer.email === "kurz@example.com")!.state,
    ).not.toBe("paid");

    const paid = await postForm(server.url + checkout, {
      ...SANDBOX_PAY,
      billingName: "Jonas Kurz",
      line1: "Torstraße 1",
      line2: "Hinterhaus",
      postalCode: "10119",
      city: "Berlin",
      country: "DE",
    });
    expect(paid.status).toBe(303);
    expect((await fetch(server.url + paid.headers.get("location")!)).status).toBe(200);
    const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === "kurz@example.com")!;
    expect(order.state).toBe("paid");
    expect(order.customer).toMatchObject({
      address: "Torstraße 1, Hinterhaus",
      postalCode: "10119",
      city: "Berlin",
      country: "DE",
    });

    // Where the owner sees the order (in English): the back office's order page and the paid-order email.
    const detail = await (await (await signedInOwner()).get(`/admin/orders/${order.id}`)).text();
    const en = locale("en", "order").form;
    for (const [label, value] of [
      [en.address, "Torstraße 1, Hinterhaus"],
      [en.postalCode, "10119"],
      [en.city, "Berlin"],
      [en.country, "Germany"],
    ]) {
      expect(detail).toMatch(new RegExp(`>${pattern(label!)}</dt><dd[^>]*>${pattern(value!)}</dd>`));
    }
    const notice = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f === `${order.id}-owner-paid.eml`),
      15_000,
      "owner notice",
    );
    expect(mail(notice)).toContain(`${en.country}: Germany`);
    expect(mail(notice)).toContain(`${en.address}: Torstraße 1, Hinterhaus`);
  });

  test("the questions moved after payment are the brief's: asked on the customer's page, checked, shown to the owner", async () => {
    const created = await postOrder(server.url, "formateur-ia", "fr", orderForm({ email: "brief-agent@example.com" }));
    const paid = await postForm(server.url + created.headers.get("location")!, SANDBOX_PAY);
    expect((await fetch(server.url + paid.headers.get("location")!)).status).toBe(200);
    const order = (await readStore(server.dataDir)).orders.find(
      (o) => o.customer.email === "brief-agent@example.com" && o.state === "paid",
    )!;
    const file = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f === `${order.id}-confirmation.eml`),
      10_000,
      "confirmation",
    );
    const link = new RegExp(`${server.url}(/order/[\\w.-]+\\?lang=\\w\\w)`).exec(mail(file))![1]!;

    const before = await (await fetch(server.url + link)).text();
    const fr = locale("fr", "order").form;
    expect(before).toContain('data-block="brief-questions"');
    for (const name of ["agentName", "phoneNumber", "connectZapier", "comments"])
      expect(before).toContain(`name="${name}"`);
    expect(before).toContain(html(fr.agentName));
    const briefControls = controlsOf(before, 'data-testid="brief-form"');
    expect(briefControls.filter((control) => control.required).map((control) => control.name)).toEqual([
      "agentName",
      "phoneNumber",
    ]);

    // A required answer missing: a translated 400 naming it, nothing saved.
    const incomplete = new FormData();
    for (const [name, value] of Object.entries({
      agentName: "",
      phoneNumber: "+33 6 12 34 56 78",
      connectZapier: "oui",
      brief: "Bonjour",
    }))
      incomplete.set(name, value);
    const refused = await fetch(server.url + link, { method: "POST", body: incomplete, redirect: "manual" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      html(locale("fr", "billing").briefMissing.replace("{{fields}}", fr.agentName)),
    );

    const brief = new FormData();
    for (const [name, value] of Object.entries({
      agentName: "iaBot",
      phoneNumber: "+33 6 12 34 56 78",
      connectZapier: "oui",
      comments: "Un ton chaleureux",
      brief: "Bonjour",
    }))
      brief.set(name, value);
    const sent = await fetch(server.url + link, { method: "POST", body: brief, redirect: "manual" });
    expect(sent.status).toBe(303);
    const after = await (await fetch(server.url + sent.headers.get("location")!)).text();
    expect(after).toMatch(
      /data-testid="brief-answers"[\s\S]*iaBot[\s\S]*\+33 6 12 34 56 78[\s\S]*Oui[\s\S]*Un ton chaleureux/,
    );

    const detail = await (await (await signedInOwner()).get(`/admin/orders/${order.id}`)).text();
    const en = locale("en", "order").form;
    expect(detail).toMatch(
      new RegExp(
        `data-testid="owner-brief-answers"[\\s\\S]*>${pattern(en.agentName)}</dt><dd[^>]*>iaBot</dd>[\\s\\S]*>${pattern(en.connectZapier)}</dt><dd[^>]*>${pattern(en.yes)}</dd>`,
      ),
    );
    expect(detail).toContain('href="tel:+33612345678"');
  });

  test("the brief asks as the order form did: the agent-name example and the Zapier note, in each of the six languages", async () => {
    const created = await postOrder(server.url, "formateur-ia", "en", orderForm({ email: "brief-hints@example.com" }));
    const paid = await postForm(server.url + created.headers.get("location")!, SANDBOX_PAY);
    expect((await fetch(server.url + paid.headers.get("location")!)).status).toBe(200);
    const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === "brief-hints@example.com")!;
    const file = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f === `${order.id}-confirmation.eml`),
      10_000,
      "confirmation",
    );
    const link = new RegExp(`${server.url}(/order/[\\w.-]+)\\?lang=\\w\\w`).exec(mail(file))![1]!;
    // The seed's words, in English: the example name and what yes to Zapier brings.
    expect(locale("en", "order").form.agentNamePlaceholder).toBe("iaBot");
    expect(locale("en", "order").form.connectZapierHint).toContain("cloud spreadsheet");
    for (const lang of ["fr", "en", "es", "de", "pt", "it"]) {
      const page = await (await fetch(`${server.url}${link}?lang=${lang}`)).text();
      const form = locale(lang, "order").form;
      const agent = /<input[^>]*name="agentName"[^>]*>/.exec(page)?.[0] ?? "";
      expect(agent, lang).toContain(`placeholder="${html(form.agentNamePlaceholder)}"`);
      const hintId = /aria-describedby="([^"]+)"/.exec(agent)?.[1];
      expect(hintId, lang).toBeTruthy();
      expect(page, lang).toContain(
        `id="${hintId}" class="mt-1 text-sm text-muted" data-hint="agentName">${html(form.agentNameHint)}<`,
      );
      expect(page, lang).toMatch(/<fieldset aria-describedby="brief-connectZapier-hint">/);
      expect(page, lang).toContain(
        `id="brief-connectZapier-hint" class="mt-1 text-sm text-muted" data-hint="connectZapier">${html(form.connectZapierHint)}<`,
      );
    }
  });
});
