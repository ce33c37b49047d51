import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { paidSandboxOrder } from "../support/orders.ts";
import { startS3Server, type S3TestServer } from "../support/s3-server.ts";
import { settledLogs } from "../support/logs.ts";
import { startServer, tempDataDir, type RunningServer } from "../support/server.ts";

/**
 * When the file storage fails (S3 unreachable, a disk that refuses writes), a brief answers 503
 * "please try again in a moment" in the customer's language, shows again what they typed, and logs
 * an error; a download answers 503 too; /healthz says the storage is down. (It once answered 400
 * "the form could not be read", logged nothing, and downloads answered 500 while /healthz said ok.)
 */
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const servers: RunningServer[] = [];
let s3: S3TestServer | undefined;
afterAll(async () => {
  for (const server of servers) await server.stop();
  await s3?.stop().catch(() => {});
});

const paidOrder = (server: RunningServer, lang: string, email: string) =>
  paidSandboxOrder(server, "short-videos", lang, email);

const brief = (text: string) => {
  const form = new FormData();
  form.set("brief", text);
  form.append("files", new Blob([new Uint8Array(Buffer.concat([PNG, Buffer.alloc(5000)]))]), "logo.png");
  return form;
};

test("S3 down: the brief answers 503 in the customer's language and keeps the text, downloads 503, /healthz 503", async () => {
  s3 = await startS3Server();
  const server = await startServer({ LOG_LEVEL: "info", ORDER_RATE_LIMIT: "0", OUTBOX_POLL_MS: "100", ...s3.env });
  servers.push(server);
  const { page } = await paidOrder(server, "fr", "s3-down@example.com");
  const ok = await fetch(server.url + page, { method: "POST", body: brief("Premier envoi"), redirect: "manual" });
  expect(ok.status).toBe(303);
  const before = await (await fetch(server.url + page)).text();
  const fileLink = /href="(\/files\/[^"]+)"/.exec(before)![1]!.replace(/&amp;/g, "&");
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

  await s3.stop();
  const sent = await fetch(server.url + page, {
    method: "POST",
    body: brief("Mes couleurs : bleu et or"),
    redirect: "manual",
  });
  expect(sent.status).toBe(503);
  const answer = await sent.text();
  expect(answer).toContain(html(locale("fr", "delivery").errors.unavailable));
  expect(answer).toContain("Mes couleurs : bleu et or</textarea>");
  const download = await fetch(server.url + fileLink);
  expect(download.status).toBe(503);
  expect(await download.text()).toContain(locale("fr", "common").errors.body.unavailable);
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(503);
  expect(await health.text()).toContain("file storage unavailable (s3)");
  expect(await settledLogs(server)).toMatch(/"level":"error"[^\n]*file storage failed/);
});

test("a disk that refuses writes: the brief answers 503 in the customer's language and keeps the text", async () => {
  const dataDir = tempDataDir();
  // Where the files' folder should be, a plain file: every write under it fails.
  fs.writeFileSync(path.join(dataDir, "files"), "not a folder");
  const server = await startServer({
    LOG_LEVEL: "info",
    ORDER_RATE_LIMIT: "0",
    OUTBOX_POLL_MS: "100",
    DATA_DIR: dataDir,
  });
  servers.push(server);
  const { page } = await paidOrder(server, "de", "disk-down@example.com");
  const sent = await fetch(server.url + page, { method: "POST", body: brief("Unsere Farben"), redirect: "manual" });
  expect(sent.status).toBe(503);
  const answer = await sent.text();
  expect(answer).toContain(html(locale("de", "delivery").errors.unavailable));
  expect(answer).toContain("Unsere Farben</textarea>");
  expect(await settledLogs(server)).toMatch(/"level":"error"[^\n]*file storage failed/);
});
