import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";
import { createApiToken } from "../../app/api/tokens.server.ts";
import { openStores } from "../../app/stores.server.ts";
import { ownerReset, setUpOwner, subjectOf, type AdminClient } from "../support/admin.ts";
import { decodeMail, emlFiles, SANDBOX_PAY, waitFor } from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteServer } from "../support/suite.ts";

// A quote request answered with a priced proposal the customer accepts and pays on the site, over
// HTTP with no script at all (every step a plain form post): the WhatsApp agent in Spanish at
// 350 € set-up + 49 € a month. The webhooks are checked with the Standard Webhooks reference
// verifier (npm `standardwebhooks`), never with the site's own code.

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const verifier = new Webhook(SECRET);
const hooks: Array<{ type: string; data: Record<string, unknown> }> = [];
const receiver = http.createServer((request, response) => {
  let body = "";
  request.setEncoding("utf8");
  request.on("data", (chunk: string) => (body += chunk));
  request.on("end", () => {
    try {
      const payload = verifier.verify(body, {
        "webhook-id": String(request.headers["webhook-id"] ?? ""),
        "webhook-timestamp": String(request.headers["webhook-timestamp"] ?? ""),
        "webhook-signature": String(request.headers["webhook-signature"] ?? ""),
      }) as { type: string; data: Record<string, unknown> };
      hooks.push(payload);
      response.writeHead(200).end("ok");
    } catch {
      response.writeHead(400).end("bad signature");
    }
  });
});
beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve())));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const server = suiteServer(() => ({
  LOG_LEVEL: "silent",
  ORDER_RATE_LIMIT: "0",
  OUTBOX_POLL_MS: "100",
  CONTACT_EMAIL: "hello@example.com",
  OWNER_EMAIL: "owner@example.com",
  OWNER_LANG: "en",
  AUTOMATION_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
  AUTOMATION_WEBHOOK_SECRET: SECRET,
}));

let owner: AdminClient;
beforeAll(async () => {
  owner = (
    await setUpOwner(
      server.url,
      ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
      "correct horse battery staple",
    )
  ).client;
});

const es = JSON.parse(fs.readFileSync(path.resolve("locales/es/proposal.json"), "utf8"));

async function withStore<T>(read: (repo: Awaited<ReturnType<typeof openStores>>) => Promise<T>): Promise<T> {
  const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
  try {
    return await read(repo);
  } finally {
    await repo.close();
  }
}

/** A visitor asks for a quote on the WhatsApp page, in Spanish; the request's id. */
async function requestQuote(email: string, offer = "whatsapp"): Promise<string> {
  const res = await fetch(`${server.url}/quote?offer=${offer}&lang=es`, {
    method: "POST",
    body: new URLSearchParams({
      offer,
      name: "Lucía Fernández",
      email,
      company: "Clínica Sol",
      message: "Queremos un agente que responda a nuestros pacientes por WhatsApp.",
    }),
    redirect: "manual",
    headers: { Origin: server.url },
  });
  expect(res.status).toBeLessThan(400);
  return withStore(async (repo) => (await repo.listQuoteRequests(100)).find((quote) => quote.email === email)!.id);
}

/** The owner sends a proposal from the request's page (the back office's form, no script). */
async function propose(quoteId: string, fields: Record<string, string> = {}) {
  return owner.post(
    `/admin/quotes/${quoteId}`,
    {
      intent: "propose",
      title: "",
      included: "Agente de WhatsApp conectado a tu agenda, respuestas en español e inglés, un mes de ajustes.",
      priceKind: "setup-monthly",
      oneTime: "350",
      monthly: "49",
      deliveryDays: "10",
      revisionRounds: "2",
      validUntil: "",
      ...fields,
    },
    { headers: { Origin: server.url } },
  );
}

/** The customer's email carrying the proposal's link (the newest one to this address). */
async function proposalLink(email: string, count = 1): Promise<string> {
  const mails = await waitFor(
    () => {
      const found = emlFiles(server.dataDir)
        .map((file) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8")))
        .filter((raw) => raw.includes(`To: ${email}`) && /\/proposal\//.test(raw));
      return found.length >= count ? found : undefined;
    },
    undefined,
    "the proposal's email",
  );
  const raw = mails[mails.length - 1]!;
  return new URL(/https?:\/\/[^\s"<>]+\/proposal\/[^\s"<>]+/.exec(raw)![0].replace(/&amp;/g, "&")).pathname;
}

const form = (body: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(body),
  redirect: "manual" as const,
  headers: { Origin: server.url },
});

describe("a priced proposal, accepted and paid without JavaScript", () => {
  test("request on the WhatsApp page → proposal 350 € + 49 €/month → email → page → accept and pay → order, emails, webhooks", async () => {
    const email = "lucia@example.com";
    const quoteId = await requestQuote(email);

    // The owner's form on the request's page, then the proposal in its list.
    const page = await owner.get(`/admin/quotes/${quoteId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="proposal-form"');
    const sent = await propose(quoteId);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/admin/quotes/${quoteId}?sent`);
    const listed = await (await owner.get(`/admin/quotes/${quoteId}?sent`)).text();
    expect(listed).toMatch(/data-state="sent"/);

    // The customer's email, in Spanish, carries the signed link in the request's language.
    const link = await proposalLink(email);
    const mail = emlFiles(server.dataDir)
      .map((file) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8")))
      .find((raw) => raw.includes(`To: ${email}`) && raw.includes("/proposal/"))!;
    expect(subjectOf(mail)).toMatch(/Tu[ _]propuesta:[ _]Agente[ _]IA[ _]de[ _]WhatsApp/);

    // The page: no script, never indexed or cached, in Spanish, the price told as the order pages tell it.
    const opened = await fetch(`${server.url}${link}?lang=es`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toContain("no-store");
    const html = await opened.text();
    expect(html).not.toMatch(/<script[^>]*src=/);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain('lang="es"');
    expect(html).toContain("Agente IA de WhatsApp");
    expect(html).toMatch(/350\u00a0€/);
    expect(html).toMatch(/49\u00a0€/);
    expect(html).toContain(es.page.accept);

    // Accepting without the consents is refused, in Spanish; nothing is charged.
    const refused = await fetch(`${server.url}${link}?lang=es`, form({ intent: "accept" }));
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain(es.errors.acceptTerms);
    expect(refusedHtml).toContain(es.errors.immediateStart);

    // Accept and pay: the sandbox checkout, then the thank-you page.
    const accepted = await fetch(
      `${server.url}${link}?lang=es`,
      form({ intent: "accept", acceptTerms: "on", immediateStart: "on" }),
    );
    expect(accepted.status).toBe(303);
    const checkout = accepted.headers.get("location")!;
    expect(checkout).toMatch(/^\/checkout\/sandbox\//);
    const paid = await fetch(server.url + checkout, form(SANDBOX_PAY));
    expect(paid.status).toBe(303);
    expect((await fetch(server.url + paid.headers.get("location")!)).status).toBe(200);

    // An order like any other: a reference, the proposal's price and terms, paid.
    const order = await withStore(async (repo) =>
      (await repo.listOrders(100)).find((o) => o.customer.email === email)!,
    );
    expect(order.state).toBe("paid");
    expect(order.offer).toBe("whatsapp");
    expect(order.currency).toBe("EUR");
    expect(order.amountDueNow).toBe(35_000 + 4_900);
    expect(order.monthly).toBe(4_900);
    expect(order.reference).toMatch(/^[A-Z]+-\d+$/);
    expect(order.proposal).toMatchObject({ deliveryDays: 10, revisionRounds: 2 });

    // The proposal is paid and leads to the order's page.
    const after = await (await fetch(`${server.url}${link}?lang=es`)).text();
    expect(after).toContain('data-proposal-state="paid"');
    const orderPage = /href="(\/order\/[^"]+)"/.exec(after)![1]!.replace(/&amp;/g, "&");
    const orderHtml = await (await fetch(server.url + orderPage)).text();
    expect(orderHtml).toContain(order.reference);

    // The owner heard of it: opened, accepted (each once), and paid (the order's own notice).
    const ownerMails = await waitFor(() => {
      const subjects = emlFiles(server.dataDir)
        .map((file) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8")))
        .filter((raw) => raw.includes("To: owner@example.com"))
        .map((raw) => subjectOf(raw).replace(/_/g, " "));
      return subjects.some((s) => s.includes("Proposal accepted")) &&
        subjects.some((s) => s.includes("Proposal opened"))
        ? subjects
        : undefined;
    });
    expect(ownerMails.filter((s) => s.includes("Proposal accepted"))).toHaveLength(1);
    await waitFor(() =>
      withStore(async (repo) =>
        (await repo.listEmails(order.id)).some((row) => row.kind === "owner-paid" && row.status === "sent"),
      ),
    );

    // The owner's automation: quote.proposed, quote.accepted, then order.paid, each verified.
    const seen = await waitFor(() => {
      const types = hooks.map((hook) => hook.type);
      return ["quote.proposed", "quote.accepted", "order.paid"].every((type) => types.includes(type))
        ? hooks
        : undefined;
    });
    const acceptedHook = seen.find((hook) => hook.type === "quote.accepted")!;
    expect(acceptedHook.data).toMatchObject({ quoteId, proposalMonthly: 4_900, proposalOneTime: 35_000 });
    expect(seen.find((hook) => hook.type === "order.paid")!.data).toMatchObject({ orderId: order.id });
  });
});

describe("a proposal that can no longer be accepted", () => {
  test("declined with a reason: the owner is told, quote.declined is sent, the page says so", async () => {
    const email = "decline@example.com";
    const quoteId = await requestQuote(email);
    expect((await propose(quoteId)).status).toBe(303);
    const link = await proposalLink(email);
    const declined = await fetch(
      `${server.url}${link}?lang=es`,
      form({ intent: "decline", reason: "Lo haremos el año que viene." }),
    );
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain(es.page.declined);
    const again = await fetch(
      `${server.url}${link}?lang=es`,
      form({ intent: "accept", acceptTerms: "on", immediateStart: "on" }),
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(es.errors.closed);
    await waitFor(() => hooks.some((hook) => hook.type === "quote.declined" && hook.data.quoteId === quoteId));
    const page = await (await fetch(`${server.url}${link}?lang=es`)).text();
    expect(page).toContain('data-proposal-state="declined"');
    expect(page).toContain(es.page.askAgain);
  });

  test("withdrawn by the owner, and expired: each says so and offers to ask again; nothing can be paid", async () => {
    const email = "closed@example.com";
    const quoteId = await requestQuote(email);
    expect((await propose(quoteId)).status).toBe(303);
    const link = await proposalLink(email);
    const proposalId = await withStore(async (repo) => (await repo.listProposals(quoteId))[0]!.id);
    expect(
      (
        await owner.post(
          `/admin/quotes/${quoteId}`,
          { intent: "withdraw", proposalId },
          { headers: { Origin: server.url } },
        )
      ).status,
    ).toBe(303);
    const withdrawn = await (await fetch(`${server.url}${link}?lang=es`)).text();
    expect(withdrawn).toContain('data-proposal-state="withdrawn"');
    expect(withdrawn).toContain(es.page.withdrawn);
    expect(withdrawn).not.toContain('value="accept"');

    // A second one, past its valid-until time (the clock moved on: written in the store).
    const email2 = "expired@example.com";
    const quote2 = await requestQuote(email2);
    expect((await propose(quote2)).status).toBe(303);
    const link2 = await proposalLink(email2);
    await withStore(async (repo) => {
      await repo.db
        .updateTable("proposals")
        .set({ valid_until: new Date(Date.now() - 60_000).toISOString() })
        .where("quote_id", "=", quote2)
        .execute();
    });
    const expired = await (await fetch(`${server.url}${link2}?lang=es`)).text();
    expect(expired).toContain('data-proposal-state="expired"');
    expect(expired).toContain(es.page.askAgain);
    const late = await fetch(
      `${server.url}${link2}?lang=es`,
      form({ intent: "accept", acceptTerms: "on", immediateStart: "on" }),
    );
    expect(late.status).toBe(409);
    expect(
      await withStore(async (repo) => (await repo.listOrders(100)).filter((o) => o.customer.email === email2)),
    ).toHaveLength(0);
  });

  test("replaced by a new version: the old link shows the new one, and only the new price can be paid", async () => {
    const email = "replaced@example.com";
    const quoteId = await requestQuote(email);
    expect((await propose(quoteId)).status).toBe(303);
    const oldLink = await proposalLink(email);
    const first = await withStore(async (repo) => (await repo.listProposals(quoteId))[0]!.id);
    expect((await propose(quoteId, { replaces: first, oneTime: "300" })).status).toBe(303);
    await proposalLink(email, 2);
    const page = await (await fetch(`${server.url}${oldLink}?lang=es`)).text();
    expect(page).toContain(es.page.replaced);
    expect(page).toMatch(/300\u00a0€/);
    expect(page).not.toMatch(/350\u00a0€/);
    const proposals = await withStore((repo) => repo.listProposals(quoteId));
    // The new version was opened through the old link.
    expect(proposals.map((p) => p.state)).toEqual(["viewed", "replaced"]);
  });
});

describe("two accepts at once", () => {
  test("give one order and one checkout", async () => {
    const email = "twice@example.com";
    const quoteId = await requestQuote(email);
    expect((await propose(quoteId, { priceKind: "one-off", oneTime: "500", monthly: "" })).status).toBe(303);
    const link = await proposalLink(email);
    const accept = () =>
      fetch(`${server.url}${link}?lang=es`, form({ intent: "accept", acceptTerms: "on", immediateStart: "on" }));
    const answers = await Promise.all([accept(), accept(), accept()]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303]);
    expect(new Set(answers.map((answer) => answer.headers.get("location"))).size).toBe(1);
    const orders = await withStore(async (repo) =>
      (await repo.listOrders(100)).filter((o) => o.customer.email === email),
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]!.amountDueNow).toBe(50_000);
  });
});

describe("the owner's form refuses what cannot be sold", () => {
  test("bad amounts, a datasets licence under its floor: 400 with the reason, nothing sent", async () => {
    const quoteId = await requestQuote("form@example.com");
    const bad = await propose(quoteId, { oneTime: "abc", deliveryDays: "0" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('id="proposal-oneTime-error"');
    expect(html).toContain('id="proposal-deliveryDays-error"');
    expect(await withStore((repo) => repo.listProposals(quoteId))).toHaveLength(0);

    // The datasets licence: its listed floor (110,000 € a year one-off) holds, the same check as the API's.
    const licence = await requestQuote("licence@example.com", "datasets");
    const under = await propose(licence, { priceKind: "one-off", oneTime: "109999", monthly: "" });
    expect(under.status).toBe(400);
    expect(await under.text()).toContain('id="proposal-oneTime-error"');
    expect(await withStore((repo) => repo.listProposals(licence))).toHaveLength(0);
    expect((await propose(licence, { priceKind: "one-off", oneTime: "110000", monthly: "" })).status).toBe(303);
  });
});

describe("an accepted proposal whose checkout expired", () => {
  test("the customer back on the proposal gets a fresh checkout (returns at once: one), and pays it once", async () => {
    const email = "again@example.com";
    const quoteId = await requestQuote(email);
    expect((await propose(quoteId, { priceKind: "one-off", oneTime: "500", monthly: "" })).status).toBe(303);
    const link = await proposalLink(email);
    const accept = () =>
      fetch(`${server.url}${link}?lang=es`, form({ intent: "accept", acceptTerms: "on", immediateStart: "on" }));
    const first = (await accept()).headers.get("location")!;
    expect(first).toMatch(/^\/checkout\/sandbox\//);

    // The customer leaves the checkout: its session expires and the way back is the proposal.
    const left = await fetch(server.url + first, form({ intent: "cancel" }));
    expect(left.status).toBe(303);
    expect(new URL(left.headers.get("location")!, server.url).pathname).toBe(link);
    expect(await (await fetch(server.url + first)).text()).toContain(
      JSON.parse(fs.readFileSync(path.resolve("locales/es/order.json"), "utf8")).checkout.expired,
    );
    const back = await (await fetch(`${server.url}${link}?lang=es`)).text();
    expect(back).toContain('data-proposal-state="accepted"');
    expect(back).toContain('value="accept"');

    // Accepting again: a new checkout, open, the same for every return at once; not the dead one.
    const again = await Promise.all([accept(), accept(), accept()]);
    expect(again.map((answer) => answer.status)).toEqual([303, 303, 303]);
    const fresh = new Set(again.map((answer) => answer.headers.get("location")));
    expect(fresh.size).toBe(1);
    const second = [...fresh][0]!;
    expect(second).toMatch(/^\/checkout\/sandbox\//);
    expect(second).not.toBe(first);
    const paid = await fetch(server.url + second, form(SANDBOX_PAY));
    expect(paid.status).toBe(303);

    // One paid order, the proposal's price; the expired attempt stays expired and cannot be paid.
    const orders = await withStore(async (repo) =>
      (await repo.listOrders(100)).filter((o) => o.customer.email === email),
    );
    expect(orders.filter((o) => o.state === "paid")).toHaveLength(1);
    expect(orders.filter((o) => o.state !== "paid").map((o) => o.state)).toEqual(["expired"]);
    expect(orders.find((o) => o.state === "paid")!.amountDueNow).toBe(50_000);
    const late = await fetch(server.url + first, form(SANDBOX_PAY));
    expect(late.status).toBeLessThan(500);
    expect(
      (await withStore((repo) => repo.listOrders(100))).filter((o) => o.customer.email === email && o.state === "paid"),
    ).toHaveLength(1);
    const after = await (await fetch(`${server.url}${link}?lang=es`)).text();
    expect(after).toContain('data-proposal-state="paid"');
    // A further accept finds it paid: no third checkout.
    const done = await accept();
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).not.toMatch(/^\/checkout\//);
  });
});

describe("a proposal from scratch for an email address", () => {
  test("New proposal: the owner's form (refusing bad input), a record started by the owner, then the same proposal, accepted and paid", async () => {
    const list = await (await owner.get("/admin/quotes")).text();
    expect(list).toContain('href="/admin/quotes/new"');
    const page = await owner.get("/admin/quotes/new");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="scratch-form"');
    const before = await withStore((repo) => repo.countQuoteRequests());

    // Hostile and bad input: each field named, nothing stored.
    for (const bad of [
      { email: "not-an-address", name: "M", lang: "xx", offer: "home", company: "" },
      { email: "marta@example.com", name: "Marta\u202eRuiz", lang: "es", offer: "whatsapp", company: "a\nb" },
      {
        email: `${"x".repeat(300)}@example.com`,
        name: "<script>alert(1)</script>".repeat(10),
        lang: "",
        offer: "",
        company: "",
      },
    ]) {
      const refused = await owner.post("/admin/quotes/new", bad, { headers: { Origin: server.url } });
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).toMatch(/id="scratch-(email|name|lang|offer|company)-error"/);
    }
    expect(await withStore((repo) => repo.countQuoteRequests())).toBe(before);

    const email = "marta@example.com";
    const started = await owner.post(
      "/admin/quotes/new",
      { email: " Marta@Example.com ", name: "Marta Ruiz", company: "Estudio Ruiz", lang: "es", offer: "whatsapp" },
      { headers: { Origin: server.url } },
    );
    expect(started.status).toBe(303);
    const quotePath = started.headers.get("location")!;
    expect(quotePath).toMatch(/^\/admin\/quotes\/quo_/);
    const quoteId = decodeURIComponent(quotePath.split("/").pop()!);
    const quote = await withStore(async (repo) => (await repo.findQuoteRequest(quoteId))!);
    expect(quote).toMatchObject({ email, name: "Marta Ruiz", lang: "es", page: "whatsapp", startedBy: "owner" });
    const detail = await (await owner.get(quotePath)).text();
    expect(detail).toContain('data-testid="quote-started-by-owner"');
    expect(detail).toContain('data-testid="proposal-form"');
    // Nothing went to the customer yet (no acknowledgement of a request they never sent), no quote.requested.
    expect(await withStore((repo) => repo.listQuoteEmails(quoteId))).toHaveLength(0);
    expect(hooks.some((hook) => hook.type === "quote.requested" && hook.data.quoteId === quoteId)).toBe(false);
    // The owner's automation reads it marked as the owner's own start, not as a request waiting for an answer.
    const { secret } = await withStore((repo) => createApiToken(repo, "n8n"));
    const quotes = async () => {
      const answer = await fetch(`${server.url}/api/v1/quotes?state=any&limit=100`, {
        headers: { Authorization: `Bearer ${secret}` },
      });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { quotes: Array<{ id: string; startedBy: string }> }).quotes;
    };
    const listed = await quotes();
    expect(listed.find((entry) => entry.id === quoteId)).toMatchObject({ startedBy: "owner" });
    expect(listed.filter((entry) => entry.id !== quoteId).every((entry) => entry.startedBy === "visitor")).toBe(true);
    const waiting = await fetch(`${server.url}/api/v1/quotes?state=waiting&limit=100`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(((await waiting.json()) as { quotes: Array<{ id: string }> }).quotes.map((entry) => entry.id)).not.toContain(
      quoteId,
    );

    // The same proposal form and function as for a request: its email, in Spanish, then accept and pay.
    expect((await propose(quoteId)).status).toBe(303);
    const link = await proposalLink(email);
    const accepted = await fetch(
      `${server.url}${link}?lang=es`,
      form({ intent: "accept", acceptTerms: "on", immediateStart: "on" }),
    );
    expect(accepted.status).toBe(303);
    expect((await fetch(server.url + accepted.headers.get("location")!, form(SANDBOX_PAY))).status).toBe(303);
    const order = await withStore(async (repo) =>
      (await repo.listOrders(100)).find((o) => o.customer.email === email)!,
    );
    expect(order).toMatchObject({ state: "paid", offer: "whatsapp", amountDueNow: 39_900 });
    expect(order.customer).toMatchObject({ firstName: "Marta", lastName: "Ruiz", companyName: "Estudio Ruiz" });
    await waitFor(() => hooks.some((hook) => hook.type === "quote.proposed" && hook.data.quoteId === quoteId));

    // Signed out, the form is the sign-in page's, and nothing is stored.
    const stranger = await fetch(`${server.url}/admin/quotes/new`, {
      ...form({ email: "x@example.com", name: "Xavier", lang: "fr", offer: "blog" }),
    });
    expect(stranger.status).toBeGreaterThanOrEqual(300);
    expect(stranger.status).toBeLessThan(500);
    expect((await withStore((repo) => repo.listQuoteRequests(500))).some((q) => q.email === "x@example.com")).toBe(
      false,
    );
  });
});
