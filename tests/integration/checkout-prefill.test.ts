import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { orderForm, payInSandbox, postForm, postOrder, readStore, SANDBOX_PAY } from "../support/orders.ts";
import { startServer, type RunningServer } from "../support/server.ts";

/**
 * The checkout needs no retyping: the sandbox's billing name is the one typed in the order form,
 * its country is the browser's (Accept-Language's region, else the page language's country), and
 * the seed's address rules hold (an address of five characters at least, a city, a postal code, a
 * country), each refusal in the buyer's language. Over HTTP, without JavaScript.
 */
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0" });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

async function checkoutOf(lang: string, email: string, lastName: string) {
  const created = await postOrder(server.url, "test-workflow", lang, orderForm({ email, lastName, firstName: "Inès" }));
  expect(created.status).toBe(303);
  return created.headers.get("location")!;
}

const inputValue = (page: string, id: string) => page.match(new RegExp(`<input[^>]*id="${id}"[^>]*>`))?.[0] ?? "";

describe("the sandbox checkout", () => {
  test("is filled with the order form's name and the browser's country", async () => {
    const checkout = await checkoutOf("fr", "prefill-be@example.com", "Dubois");
    const page = await (
      await fetch(server.url + checkout, { headers: { "Accept-Language": "fr-BE,fr;q=0.9" } })
    ).text();
    expect(inputValue(page, "billing-billingName")).toContain('value="Inès Dubois"');
    expect(page).toMatch(/<option value="BE" selected="">/);
    // A language without a region: that language's own country.
    const italian = await checkoutOf("it", "prefill-it@example.com", "Rossi");
    const italianPage = await (await fetch(server.url + italian, { headers: { "Accept-Language": "it" } })).text();
    expect(italianPage).toMatch(/<option value="IT" selected="">/);
    // The browser's checks know the rule too.
    expect(inputValue(page, "billing-line1")).toContain('minLength="5"');
  });

  test.each(["de", "es"])(
    "refuses an address shorter than five characters, in %s, and charges nothing",
    async (lang) => {
      const email = `short-address-${lang}@example.com`;
      const checkout = await checkoutOf(lang, email, "Kurz");
      const refused = await postForm(server.url + checkout, { ...SANDBOX_PAY, line1: "a", city: "b", postalCode: "1" });
      expect(refused.status).toBe(400);
      const page = await refused.text();
      const billing = locale(lang, "billing");
      expect(page).toContain(html(billing.tooShort.replace("{{min}}", "5")));
      expect(page).toMatch(/id="billing-line1"[^>]*aria-invalid="true"/);
      // What was typed comes back, not the prefill.
      expect(inputValue(page, "billing-line1")).toContain('value="a"');
      expect((await readStore(server.dataDir)).orders.find((o) => o.customer.email === email)!.state).not.toBe("paid");
      const paid = await postForm(server.url + checkout, SANDBOX_PAY);
      expect(paid.status).toBe(303);
    },
  );
});

describe("the thank-you page after a language switch", () => {
  test("tells the price in the page's language, not the order's", async () => {
    const priceLine = async (session: string) => {
      const page = await (await fetch(`${server.url}${THANK_YOU_PATHS.de}?session_id=${session}`)).text();
      return page.match(/data-price-line[^>]*>([^<]+)</)?.[1];
    };
    // The same subscription bought in French and in German (both in euros), read on the German page.
    const french = await payInSandbox(
      server.url,
      "veo3-subscription",
      "fr",
      orderForm({ email: "switch-fr@example.com" }),
    );
    const german = await payInSandbox(
      server.url,
      "veo3-subscription",
      "de",
      orderForm({ email: "switch-de@example.com" }),
    );
    const germanLine = await priceLine(german);
    expect(germanLine).toBeTruthy();
    expect(await priceLine(french)).toBe(germanLine);
  });
});
