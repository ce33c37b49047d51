import fs from "node:fs";
import path from "node:path";
import { openLiveDatabase } from "./live-db.ts";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { openStores } from "../../app/stores.server.ts";
import { databaseUrlFor } from "./store.ts";
import type { Order } from "../../app/orders/types.ts";
import type { OutboxRow } from "../../app/mail/types.ts";

/**
 * A valid order form for every offer (each offer keeps only its own questions: the agent's
 * details, a video brief, or the test's topic) with its boxes ticked; override fields to make it invalid
 * (`acceptTerms: ""` posts the box unticked: an empty value reads as missing, as no value at all would).
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
    // The boxes every offer asks to tick (the terms; the request to start at once).
    acceptTerms: "on",
    immediateStart: "on",
    ...overrides,
  });
}

/**
 * The sandbox checkout's "Pay" with the billing address it asks, as Stripe Checkout asks it
 * (`billing_address_collection: "required"`): the order records it when it is paid.
 */
export const SANDBOX_PAY: Record<string, string> = {
  intent: "pay",
  billingName: "Camille Martin",
  line1: "12 rue des Lilas",
  postalCode: "69003",
  city: "Lyon",
  country: "FR",
};

export async function postOrder(
  base: string,
  offer: string,
  lang: string,
  form: URLSearchParams,
  init: RequestInit = {},
) {
  if (!form.has("offre")) form.set("offre", offer);
  return fetch(`${base}/commander?offre=${offer}&lang=${lang}`, {
    method: "POST",
    body: form,
    redirect: "manual",
    ...init,
  });
}

/** A customer orders and pays through the sandbox over plain HTTP (no browser): the checkout's session id. */
export async function payInSandbox(base: string, offer: string, lang: string, form: URLSearchParams): Promise<string> {
  const created = await postOrder(base, offer, lang, form);
  if (created.status !== 303) throw new Error(`the order form answered ${created.status}`);
  const paid = await fetch(base + created.headers.get("location")!, {
    method: "POST",
    body: new URLSearchParams(SANDBOX_PAY),
    redirect: "manual",
  });
  if (paid.status !== 303) throw new Error(`the sandbox checkout answered ${paid.status}`);
  const thanks = await fetch(base + paid.headers.get("location")!);
  if (thanks.status !== 200) throw new Error(`the thank-you page answered ${thanks.status}`);
  return new URL(paid.headers.get("location")!, base).searchParams.get("session_id")!;
}

/** What a customer holds after paying a sandbox order: the stored order, its thank-you page and confirmation. */
export interface PaidSandboxOrder {
  order: Order;
  /** The thank-you page's HTML. */
  thankYou: string;
  /** The confirmation email, decoded. */
  confirmation: string;
  /** The order page's path with the order's language, from the confirmation's link (`/order/<token>?lang=xx`). */
  page: string;
  /** The order page's token. */
  token: string;
}

/**
 * A customer orders `offer` with a valid form (`extra` fields added) and pays in the sandbox over
 * plain HTTP; resolves once the confirmation is in the server's outbox. One way for the tests of
 * what comes after payment (order page, brief, delivery, links), instead of a copy in each file.
 */
export async function paidSandboxOrder(
  server: { url: string; dataDir: string },
  offer: string,
  lang: string,
  email: string,
  extra: Record<string, string> = {},
): Promise<PaidSandboxOrder> {
  const created = await postOrder(server.url, offer, lang, orderForm({ email, ...extra }));
  if (created.status !== 303) throw new Error(`the order form answered ${created.status}`);
  const paid = await postForm(server.url + created.headers.get("location")!, SANDBOX_PAY);
  if (paid.status !== 303) throw new Error(`the sandbox checkout answered ${paid.status}`);
  const thanks = await fetch(server.url + paid.headers.get("location")!);
  if (thanks.status !== 200) throw new Error(`the thank-you page answered ${thanks.status}`);
  const order = (await readStore(server.dataDir)).orders.find(
    (o) => o.customer.email === email && o.offer === offer && o.state === "paid",
  );
  if (!order) throw new Error(`no paid ${offer} order for ${email}`);
  const file = await waitFor(
    () => emlFiles(server.dataDir).find((f) => f === `${order.id}-confirmation.eml`),
    WAIT_CEILING_MS,
    "the confirmation",
  );
  const confirmation = decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));
  const link = new RegExp(`${server.url}/order/([\\w.~%-]+)\\?lang=\\w\\w`).exec(confirmation);
  if (!link) throw new Error(`no order page link in ${file}`);
  return {
    order,
    thankYou: await thanks.text(),
    confirmation,
    page: `/order/${link[1]}?lang=${lang}`,
    token: decodeURIComponent(link[1]!),
  };
}

/** Inès, the customer of the back office's browser tests (tests/e2e/admin*.spec.ts). */
export const ines = (lastName: string, overrides: Record<string, string> = {}) =>
  orderForm({
    firstName: "Inès",
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
    companyName: "Studio Inès",
    address: "3 place du Marché",
    city: "Lille",
    postalCode: "59000",
    phoneNumber: "+33 3 20 00 00 00",
    agentName: "InesBot",
    telegramId: "@ines",
    connectZapier: "non",
    ...overrides,
  });

export async function postForm(url: string, form: Record<string, string>) {
  return fetch(url, { method: "POST", body: new URLSearchParams(form), redirect: "manual" });
}

/**
 * Reads what a server stored: its SQLite file under dataDir (WAL allows it while the server
 * runs), or the PostgreSQL database the tests gave it (tests/support/store.ts).
 */
export async function readStore(dataDir: string, databaseUrl?: string) {
  const repo = await openStores({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? (await databaseUrlFor(dataDir)) });
  try {
    const orders = await repo.listOrders(10_000);
    const emails = new Map<string, OutboxRow[]>(
      await Promise.all(
        orders.map(async (order) => [order.id, await repo.listEmails(order.id)] as [string, OutboxRow[]]),
      ),
    );
    return { orders, emails };
  } finally {
    await repo.close();
  }
}

/**
 * "ok" when the store survived: SQLite's integrity_check on the file; on PostgreSQL, amcheck's
 * B-tree verification of every index of our tables (heap rows against their index entries).
 */
export async function integrityCheck(dataDir: string): Promise<string> {
  const url = await databaseUrlFor(dataDir);
  if (!url) {
    const db = openLiveDatabase(path.join(dataDir, "orders.sqlite"), { readOnly: true });
    try {
      return (db.prepare("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query("CREATE EXTENSION IF NOT EXISTS amcheck");
    const { rows } = await client.query(
      `SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE a.amname = 'btree' AND n.nspname = 'public'`,
    );
    for (const row of rows) await client.query("SELECT bt_index_check($1::regclass, true)", [row.relname]);
    return rows.length > 0 ? "ok" : "no indexes found";
  } catch (error) {
    return String(error);
  } finally {
    await client.end();
  }
}

export async function findOrder(dataDir: string, predicate: (order: Order) => boolean) {
  return (await readStore(dataDir)).orders.find(predicate);
}

export function emlFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, "outbox");
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((file) => file.endsWith(".eml"))
        .sort()
    : [];
}

/**
 * Polls `check` until it holds: as soon as it does on a quiet machine, as late as it must on a
 * loaded one. The ceiling only bounds a hang, so it is generous (a shared 2-core machine at load 30
 * has taken over ten seconds for what takes a fraction of one); a caller passes a shorter one only
 * when the condition must come within a bound that is part of the behaviour under test.
 */
export const WAIT_CEILING_MS = 60_000;

export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = WAIT_CEILING_MS,
  label = "condition",
): Promise<T> {
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
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_, text: string) =>
      text.replace(/_/g, " ").replace(/(?:=[0-9A-F]{2})+/g, bytes),
    )
    .replace(/(?:=[0-9A-F]{2})+/g, bytes);
}

export interface SmtpSink {
  port: number;
  messages: Array<{ to: string[]; raw: string; text: string }>;
  /** Messages received but not yet answered (with `hold`). */
  held(): number;
  /** Answers every held message (and stops holding): 250 if its client is still there. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives. With `hold` it answers no message
 * until release() and, like a real server, drops a message whose client disconnected before the
 * answer (the sender never learnt it was accepted, so it sends it again). With `refuse`, the
 * recipients it names are refused for good (550), as a mailbox that does not exist.
 */
export async function startSmtp(
  port: number,
  { hold = false, refuse }: { hold?: boolean; refuse?: (address: string) => boolean } = {},
): Promise<SmtpSink> {
  const messages: SmtpSink["messages"] = [];
  const closed = new Set<string>();
  const waiting: Array<() => void> = [];
  let holding = hold;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onRcptTo(address, _session, callback) {
      if (refuse?.(address.address))
        return callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        const accept = () => {
          if (closed.has(session.id)) return callback(new Error("client gone"));
          messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, text: decodeMail(raw) });
          callback();
        };
        if (holding) waiting.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port,
    messages,
    held: () => waiting.length,
    release() {
      holding = false;
      for (const accept of waiting.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
