import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { decodeMail, emlFiles, waitFor, paidSandboxOrder } from "../support/orders.ts";
import { startServer, type RunningServer } from "../support/server.ts";

/**
 * The brief is asked first: the thank-you page's first next step is "Send your brief" with a
 * button to the order page (never "nothing else is needed", the test workflow included); the
 * confirmation's first button says the same; the order page starts with the brief while it is due
 * and says when the due date starts counting; a customer who has not sent it gets one reminder
 * after BRIEF_REMINDER_HOURS (here a few seconds), never a second, and one who sent it gets none.
 */
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const REMINDER_HOURS = 0.002; // 7.2 s

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    LOG_LEVEL: "silent",
    ORDER_RATE_LIMIT: "0",
    OUTBOX_POLL_MS: "100",
    BRIEF_REMINDER_HOURS: String(REMINDER_HOURS),
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const mail = (file: string) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));

const paidOrder = async (offer: string, lang: string, email: string) => {
  const paid = await paidSandboxOrder(server, offer, lang, email);
  return { ...paid, thanks: paid.thankYou };
};

test("thank-you page, confirmation and order page lead with the brief, for every kind of offer", async () => {
  for (const [offer, lang] of [
    ["test-workflow", "en"],
    ["short-videos", "fr"],
    ["formateur-ia", "de"],
  ] as const) {
    const words = locale(lang, "order");
    const pageWords = locale(lang, "order-page");
    const { thanks, confirmation, page } = await paidOrder(offer, lang, `first-${offer}@example.com`);
    // The thank-you page: step 1 is the brief, with its button to the order page.
    const steps = thanks.slice(thanks.indexOf('data-testid="next-steps"'));
    const first = steps.slice(0, steps.indexOf("</li>"));
    expect(first, offer).toContain(html(words.nextSteps.brief));
    const button = /<a href="([^"]+)"[^>]*data-testid="send-brief"[^>]*>([^<]+)<\/a>/.exec(first);
    expect(button?.[2], offer).toBe(html(words.nextSteps.briefButton));
    expect(button![1]!.replace(/&amp;/g, "&"), offer).toBe(page);
    expect(thanks, offer).not.toMatch(/nothing else is needed|rien d’autre n’est nécessaire|nichts weiter tun/);
    // The confirmation: its first button is the brief's, before the summary.
    const buttons = [...confirmation.matchAll(/<a href="[^"]+"[^>]*display:inline-block[^>]*>([^<]+)<\/a>/g)];
    expect(buttons[0]?.[1], offer).toBe(html(pageWords.briefFirst.emailButton));
    expect(confirmation.indexOf("data-order-page"), offer).toBeLessThan(confirmation.indexOf("<h2"));
    // The order page: the brief first, above the due date, saying when that date starts counting.
    const orderPage = await (await fetch(server.url + page)).text();
    expect(orderPage.indexOf('data-testid="brief-first"'), offer).toBeGreaterThan(0);
    expect(orderPage.indexOf('data-testid="brief-first"'), offer).toBeLessThan(
      orderPage.indexOf('data-testid="order-due"'),
    );
    expect(orderPage.indexOf('data-testid="brief-form"'), offer).toBeLessThan(
      orderPage.indexOf('data-testid="order-due"'),
    );
    expect(orderPage.match(/data-testid="brief-form"/g), offer).toHaveLength(1);
    expect(orderPage, offer).toContain('data-testid="due-counts-from"');
  }
});

test("once the brief is sent it is no longer first; one reminder to a customer who did not send it, none to one who did", async () => {
  const silent = await paidOrder("short-videos", "it", "silent@example.com");
  const briefed = await paidOrder("short-videos", "es", "briefed@example.com");
  const form = new FormData();
  form.set("brief", "Vídeos sobre recetas.");
  const sent = await fetch(server.url + briefed.page, { method: "POST", body: form, redirect: "manual" });
  expect(sent.status).toBe(303);
  const after = await (await fetch(server.url + briefed.page)).text();
  expect(after).not.toContain('data-testid="brief-first"');
  expect(after).toContain('data-testid="brief-form"');

  const words = locale("it", "delivery");
  const file = await waitFor(
    () => emlFiles(server.dataDir).find((f) => f === `${silent.order.id}-brief-reminder.eml`),
    60_000,
    "the reminder",
  );
  const reminder = mail(file);
  expect(reminder).toContain(html(words.briefReminder.button));
  expect(reminder).toContain(`${server.url}${silent.page}`);
  // Several more passes (each runs every second here) and the same wait for the other order: nothing more.
  await new Promise((resolve) => setTimeout(resolve, REMINDER_HOURS * 3_600_000 + 3000));
  // (The first test's orders, which sent no brief either, have theirs; this test looks at its two.)
  const reminders = emlFiles(server.dataDir).filter(
    (f) => f.includes("brief-reminder") && (f.startsWith(silent.order.id) || f.startsWith(briefed.order.id)),
  );
  expect(reminders).toEqual([`${silent.order.id}-brief-reminder.eml`]);
});
