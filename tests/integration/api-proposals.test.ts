import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createApiToken } from "../../app/api/tokens.server.ts";
import { openStores } from "../../app/stores.server.ts";
import { decodeMail, emlFiles, waitFor } from "../support/orders.ts";
import { suiteServer } from "../support/suite.ts";

// Quote requests answered through the API (docs/api.md): POST /api/v1/quotes/{id}/proposals runs
// the back office's own proposal (the same checks: the datasets licence's floor, the currency of
// the request's language, valid-until), answers the proposal with its public state and link, and
// the proposals' states (sent, viewed, replaced…) show in GET /api/v1/quotes and the single quote.

const server = suiteServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0", OUTBOX_POLL_MS: "100", OWNER_LANG: "en" });

async function withStore<T>(read: (repo: Awaited<ReturnType<typeof openStores>>) => Promise<T>): Promise<T> {
  const repo = await openStores({ DATA_DIR: server.dataDir });
  try {
    return await read(repo);
  } finally {
    await repo.close();
  }
}

let secret: string | undefined;
async function token(): Promise<string> {
  secret ??= (await withStore((repo) => createApiToken(repo, "proposals"))).secret;
  return secret;
}

async function api(pathname: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${await token()}`);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  const res = await fetch(server.url + pathname, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: text ? (JSON.parse(text) as Record<string, any>) : null,
  };
}

/** A visitor asks for a quote on an offer's page, in `lang`; the request's id. */
async function requestQuote(email: string, offer: string, lang: string): Promise<string> {
  const res = await fetch(`${server.url}/quote?offer=${offer}&lang=${lang}`, {
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

const offerNames = (lang: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/offers.json`), "utf8")) as Record<string, { name: string }>;

const WHATSAPP = {
  included: "Agente de WhatsApp conectado a tu agenda, respuestas en español e inglés, un mes de ajustes.",
  priceKind: "setup-monthly",
  oneTime: 35000,
  monthly: 4900,
  deliveryDays: 10,
  revisionRounds: 2,
};

describe("proposals through the API", () => {
  test("a priced proposal for a Spanish request: the back office's proposal (its title, currency, email), its state read back as the customer opens it, a new version replaces it", async () => {
    const email = "lucia.api@example.com";
    const quoteId = await requestQuote(email, "whatsapp", "es");
    const key = { "Idempotency-Key": `propose-${quoteId}` };
    const sent = await api(`/api/v1/quotes/${quoteId}/proposals`, { method: "POST", json: WHATSAPP, headers: key });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      quoteId,
      state: "sent",
      // The offer's one name in the customer's language, and the catalogue's currency for it.
      title: offerNames("es").whatsapp!.name,
      currency: "EUR",
      priceKind: "setup-monthly",
      oneTime: 35000,
      monthly: 4900,
      deliveryDays: 10,
      revisionRounds: 2,
      language: "es",
      orderId: null,
    });
    expect(Date.parse(sent.body!.validUntil) - Date.now()).toBeGreaterThan(13 * 86_400_000);
    // A retry under the same key: the same answer, one proposal.
    const again = await api(`/api/v1/quotes/${quoteId}/proposals`, { method: "POST", json: WHATSAPP, headers: key });
    expect(again.status).toBe(201);
    expect(again.text).toBe(sent.text);
    expect(await withStore((repo) => repo.listProposals(quoteId))).toHaveLength(1);

    // The customer's email carries the same link as the answer.
    const url = new URL(sent.body!.url as string);
    expect(url.origin).toBe(server.url);
    await waitFor(
      () =>
        emlFiles(server.dataDir)
          .map((file) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8")))
          .find((raw) => raw.includes(`To: ${email}`) && raw.includes(url.pathname)),
      30_000,
      "the proposal's email",
    );

    // Listed with its state, and the request marked answered, as the back office's form does.
    const listed = await api("/api/v1/quotes?state=answered&limit=100");
    expect(listed.status).toBe(200);
    const quote = (listed.body!.quotes as Array<Record<string, any>>).find((row) => row.id === quoteId);
    expect(quote).toMatchObject({ answeredAt: expect.any(String), proposals: [{ id: sent.body!.id, state: "sent" }] });

    // The customer opens it: "viewed" in the single quote.
    expect((await fetch(url)).status).toBe(200);
    const one = await api(`/api/v1/quotes/${quoteId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: quoteId, proposals: [{ id: sent.body!.id, state: "viewed" }] });

    // A new version replaces the open one (the old link then shows the new one).
    const revised = await api(`/api/v1/quotes/${quoteId}/proposals`, {
      method: "POST",
      json: { ...WHATSAPP, title: "Agente WhatsApp, versión 2", oneTime: 30000 },
    });
    expect(revised.status).toBe(201);
    const both = await api(`/api/v1/quotes/${quoteId}`);
    expect(both.body!.proposals).toMatchObject([
      { id: revised.body!.id, state: "sent", title: "Agente WhatsApp, versión 2", oneTime: 30000 },
      { id: sent.body!.id, state: "replaced", replacedBy: revised.body!.id },
    ]);
    expect(await (await fetch(url)).text()).toContain("Agente WhatsApp, versión 2");
  });

  test("the back office's checks: the datasets licence's floor, valid-until, a price per kind; pounds for an English Veo3 request; unknown request 404; a bad body 400", async () => {
    const datasets = await requestQuote("licence.api@example.com", "datasets", "en");
    const under = await api(`/api/v1/quotes/${datasets}/proposals`, {
      method: "POST",
      json: {
        ...WHATSAPP,
        included: "A licence of the video datasets for one year.",
        priceKind: "one-off",
        oneTime: 100,
      },
    });
    expect(under.status).toBe(422);
    expect(under.headers.get("content-type")).toBe("application/problem+json");
    expect(under.body).toMatchObject({ code: "invalid_proposal", issues: [{ path: "oneTime" }] });

    const veo = await requestQuote("veo.api@example.com", "veo3-ad", "en");
    const refused = await api(`/api/v1/quotes/${veo}/proposals`, {
      method: "POST",
      json: { ...WHATSAPP, included: "short", validUntil: "2020-01-01", priceKind: "monthly", monthly: 0 },
    });
    expect(refused.status).toBe(422);
    expect((refused.body!.issues as Array<{ path: string }>).map((issue) => issue.path).sort()).toEqual([
      "included",
      "monthly",
      "validUntil",
    ]);
    expect(await withStore((repo) => repo.listProposals(veo))).toHaveLength(0);
    const pounds = await api(`/api/v1/quotes/${veo}/proposals`, {
      method: "POST",
      json: { ...WHATSAPP, included: "A Veo3 advert, two formats.", priceKind: "one-off" },
    });
    expect(pounds.status).toBe(201);
    expect(pounds.body).toMatchObject({ currency: "GBP", oneTime: 35000, monthly: 0 });

    const missing = await api("/api/v1/quotes/q_nothing_here/proposals", { method: "POST", json: WHATSAPP });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "not_found" });
    expect((await api("/api/v1/quotes/q_nothing_here")).status).toBe(404);
    const bad = await api(`/api/v1/quotes/${veo}/proposals`, {
      method: "POST",
      json: { ...WHATSAPP, priceKind: "whenever", oneTime: "350" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "invalid_body" });
    expect((bad.body!.issues as Array<{ path: string }>).map((issue) => issue.path).sort()).toEqual([
      "oneTime",
      "priceKind",
    ]);
  });
});
