import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { termsVersion } from "../../app/content/terms.ts";
import { openStores } from "../../app/stores.server.ts";
import { decodeMail } from "../support/orders.ts";
import { fillSandboxBilling } from "../support/sandbox-billing.ts";

// The customer's side of a priced proposal in Chromium on a phone (390 px): the request on the
// WhatsApp page in Spanish, the owner's proposal (350 € + 49 €/month, sent through the same
// function as the back office's form), the email's link, accept and pay in the sandbox. The page
// ships no script: it works the same with JavaScript on (this project) and off.
const dataDir = path.resolve("test-results/e2e-data");
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const es = { quote: locale("es", "quote"), proposal: locale("es", "proposal"), order: locale("es", "order") };

test.use({ viewport: { width: 390, height: 844 } });
// A request, an email through the outbox and a checkout: more than one page's worth of time on a shared machine.
test.setTimeout(120_000);

test("a Spanish WhatsApp request, answered with a proposal, accepted and paid on a phone", async ({ page }) => {
  const email = `proposal-${test.info().project.name}-${Date.now()}@example.com`;
  await page.goto("/whatsapp/es");
  const form = page.locator("form#quote");
  await form.locator('[name="name"]').fill("Lucía Fernández");
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="message"]').fill("Queremos un agente que responda a nuestros pacientes por WhatsApp.");
  await form.getByRole("button", { name: es.quote.form.submit }).click();
  await expect(page.locator("main")).toBeVisible();

  // The owner answers with a price (the back office's own function, over the server's database).
  const repo = await openStores({ DATA_DIR: dataDir });
  try {
    const quote = await expect
      .poll(async () => (await repo.listQuoteRequests(200)).find((q) => q.email === email)?.id)
      .toBeTruthy()
      .then(async () => (await repo.listQuoteRequests(200)).find((q) => q.email === email)!);
    // As the back office's form stores it (tests/integration/proposals.test.ts posts that form);
    // the server's outbox worker sends the email.
    await repo.createProposal(
      {
        id: `prp_e2e_${Date.now()}`,
        quoteId: quote.id,
        page: "whatsapp",
        lang: "es",
        title: locale("es", "offers").whatsapp.name,
        included: "Agente de WhatsApp conectado a tu agenda, respuestas en español e inglés, un mes de ajustes.",
        priceKind: "setup-monthly",
        currency: "EUR",
        oneTime: 35_000,
        monthly: 4_900,
        deliveryDays: 10,
        revisionRounds: 2,
        validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        termsVersion: termsVersion("es"),
      },
      null,
    );
  } finally {
    await repo.close();
  }

  // The email the server sends carries the link.
  const outbox = path.join(dataDir, "outbox");
  let link = "";
  await expect
    .poll(
      () => {
        for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
          const raw = decodeMail(fs.readFileSync(path.join(outbox, file), "utf8"));
          const found = raw.includes(`To: ${email}`) && /https?:\/\/[^\s"<>]+\/proposal\/[^\s"<>]+/.exec(raw);
          if (found) link = new URL(found[0].replace(/&amp;/g, "&")).pathname + "?lang=es";
        }
        return link;
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();

  await page.goto(link);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByTestId("proposal-title")).toHaveText("Agente IA de WhatsApp");
  await expect(page.getByTestId("proposal-price")).toContainText("350");
  await expect(page.getByTestId("proposal-price")).toContainText("49");
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `test-results/proposal-390-${test.info().project.name}.png`, fullPage: true });

  await page.locator('form#accept input[name="acceptTerms"]').check();
  await page.locator('form#accept input[name="immediateStart"]').check();
  await page.getByTestId("proposal-accept").click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await fillSandboxBilling(page, "ES");
  await page
    .getByRole("button", { name: es.order.checkout.pay.replace("{{amount}}", "").trim(), exact: false })
    .click();
  await expect(page).not.toHaveURL(/\/checkout\/sandbox\//);

  await page.goto(link);
  await expect(page.getByTestId("proposal-paid")).toBeVisible();
  await page.getByRole("link", { name: es.proposal.page.openOrder }).click();
  await expect(page).toHaveURL(/\/order\//);
});
