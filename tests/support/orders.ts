import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { SqliteOrderRepository } from "../../app/orders/sqlite-repository.server.ts";
import type { Order, OutboxRow } from "../../app/orders/types.ts";

/**
 * A valid order form for every offer (each offer keeps only its own questions: the agent's
 * details, a video brief, or the test's topic); override fields to make it invalid.
 */
export function orderForm(overrides: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    firstName: "Camille",
    lastName: "Martin",
    email: "camille.martin@example.com",
    companyName: "Atelier Martin",
    address: "12 rue des Lilas",
    city: "Lyon",
    postalCode: "69003",
    country: "France",
    phoneNumber: "+33 6 12 34 56 78",
    agentName: "iaBot",
    telegramId: "@camille",
    connectZapier: "oui",
    videoTopic: "Recettes de saison",
    videoBrand: "atelier-martin.example",
    videoLanguage: "fr",
    comments: "Première commande",
    ...overrides,
  });
}

export async function postOrder(base: string, offer: string, lang: string, form: URLSearchParams, init: RequestInit = {}) {
  if (!form.has("offre")) form.set("offre", offer);
  return fetch(`${base}/commander?offre=${offer}&lang=${lang}`, {
    method: "POST",
    body: form,
    redirect: "manual",
    ...init,
  });
}

export async function postForm(url: string, form: Record<string, string>) {
  return fetch(url, { method: "POST", body: new URLSearchParams(form), redirect: "manual" });
}

/** Reads the server's database (WAL allows it while the server runs). */
export function readStore(dataDir: string) {
  const repo = new SqliteOrderRepository(path.join(dataDir, "orders.sqlite"));
  try {
    const orders = repo.listOrders(10_000);
    const emails = new Map<string, OutboxRow[]>(orders.map((order) => [order.id, repo.listEmails(order.id)]));
    return { orders, emails };
  } finally {
    repo.close();
  }
}

export function findOrder(dataDir: string, predicate: (order: Order) => boolean) {
  return readStore(dataDir).orders.find(predicate);
}

export function emlFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith(".eml")).sort() : [];
}

export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000, label = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Decodes a MIME message's quoted-printable parts and encoded-word headers, enough for assertions. */
export function decodeMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, "");
  const bytes = (hex: string) => Buffer.from(hex.replace(/=([0-9A-F]{2})/g, "$1"), "hex").toString("utf8");
  return unfolded
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_, text: string) => text.replace(/_/g, " ").replace(/(?:=[0-9A-F]{2})+/g, bytes))
    .replace(/(?:=[0-9A-F]{2})+/g, bytes);
}

export interface SmtpSink {
  port: number;
  messages: Array<{ to: string[]; raw: string; text: string }>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtp(port: number): Promise<SmtpSink> {
  const messages: SmtpSink["messages"] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, text: decodeMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
