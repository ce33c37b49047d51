import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { decodeMail, emlFiles, waitFor } from "../support/orders.ts";
import { suiteServer } from "../support/suite.ts";

// The quote acknowledgement once went to whatever address was typed and repeated the
// visitor's name, company and message: 60 phishing emails reached one victim from 3 addresses in
// minutes. Now one address gets at most QUOTE_ACK_DAILY_LIMIT (3) acknowledgements a day, and
// they repeat none of the visitor's words; the owner's copy keeps everything. Runs on both stores.

// ORDER_RATE_LIMIT=0: no per-connection limit, as for an attacker with many addresses.
const server = suiteServer({
  LOG_LEVEL: "silent",
  ORDER_RATE_LIMIT: "0",
  OUTBOX_POLL_MS: "100",
  OWNER_EMAIL: "owner@example.com",
  OWNER_LANG: "en",
});

const PHISH = {
  name: "Security Team http://evil.example/login",
  company: "Your bank: verify your account now",
  message: "URGENT: your account is locked. Sign in at http://evil.example/login within 24 hours.",
};

const post = (email: string, lang = "en") =>
  fetch(`${server.url}/quote?offer=whatsapp&lang=${lang}`, {
    method: "POST",
    body: new URLSearchParams({ offer: "whatsapp", email, ...PHISH }),
    redirect: "manual",
  });

const read = (file: string) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));

test("a typed address gets at most 3 acknowledgements a day, none repeating the visitor's words; the owner gets every request in full", async () => {
  const sends = 8;
  for (let i = 0; i < sends; i++) {
    // The same victim, spelt differently, from one connection or many: counted per address.
    const res = await post(i % 2 ? "Victim@Example.com" : "victim@example.com", i % 3 ? "en" : "de");
    expect(res.status).toBe(303);
  }
  const owner = await waitFor(
    () => {
      const files = emlFiles(server.dataDir).filter((file) => file.endsWith("-quote-owner.eml"));
      return files.length === sends && files;
    },
    30_000,
    "the owner's copies",
  );
  // Acknowledgements are enqueued with the owner's copy, in the same transaction: none is still on its way.
  await waitFor(
    () => emlFiles(server.dataDir).filter((file) => file.endsWith("-quote-ack.eml")).length >= 3,
    30_000,
    "acknowledgements",
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const acks = emlFiles(server.dataDir).filter((file) => file.endsWith("-quote-ack.eml"));
  expect(acks.length).toBe(3);

  for (const file of acks) {
    const mail = read(file);
    expect(mail).toMatch(/To: victim@example\.com/i);
    for (const words of [PHISH.name, PHISH.company, PHISH.message, "evil.example", "Security Team", "URGENT"])
      expect(mail, file).not.toContain(words);
  }
  for (const file of owner) {
    const mail = read(file);
    expect(mail).toContain("To: owner@example.com");
    for (const words of [PHISH.name, PHISH.company, "URGENT: your account is locked."])
      expect(mail, file).toContain(words);
  }
  // Another address is not held back by the first one's count.
  expect((await post("someone.else@example.com")).status).toBe(303);
  await waitFor(
    () => emlFiles(server.dataDir).filter((file) => file.endsWith("-quote-ack.eml")).length === 4,
    30_000,
    "the other address's acknowledgement",
  );
});

test("the logo an email shows is the site's own: a PNG the site itself serves, at an absolute URL; a short email goes without it", async () => {
  // A request with a long message: its owner's copy is long enough to carry the image (a short
  // email goes without it, as SpamAssassin's HTML_IMAGE_ONLY rules count an image beside little
  // HTML: app/mail/email-layout.server.ts, IMAGE_ONLY_LIMIT).
  const long = await fetch(`${server.url}/quote?offer=whatsapp&lang=en`, {
    method: "POST",
    body: new URLSearchParams({
      offer: "whatsapp",
      email: "long.request@example.com",
      name: "Léa Long",
      message: "We answer about forty questions a day on WhatsApp, mostly about opening hours and prices. ".repeat(22),
    }),
    redirect: "manual",
  });
  expect(long.status).toBe(303);
  await waitFor(
    () => emlFiles(server.dataDir).some((file) => file.endsWith("-quote-owner.eml") && read(file).includes("Léa Long")),
    30_000,
    "the long request's owner copy",
  );
  // The first test's acknowledgements and owner's copies, and this one: a customer's email and an owner's.
  const files = emlFiles(server.dataDir).filter(
    (file) => file.endsWith("-quote-ack.eml") || file.endsWith("-quote-owner.eml"),
  );
  const logoIn = (file: string) => /<img src="(https?:\/\/[^"]+)" width="36" height="36"/.exec(read(file))?.[1];
  // The acknowledgement is short: the brand's initial on the logo's gradient, no image.
  const acks = files.filter((file) => file.endsWith("-quote-ack.eml"));
  expect(acks.length).toBeGreaterThan(0);
  for (const file of acks) expect(logoIn(file), file).toBeUndefined();
  const logos = new Set(files.map(logoIn).filter((logo) => logo !== undefined));
  expect(logos.size).toBe(1);
  const logo = new URL([...logos][0]!);
  expect(logo.pathname).toBe("/email-logo.png");
  const served = await fetch(`${server.url}${logo.pathname}`);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/png");
  expect(
    Buffer.from(await served.arrayBuffer()).equals(
      fs.readFileSync(path.resolve(import.meta.dirname, "../../public/email-logo.png")),
    ),
  ).toBe(true);
});
