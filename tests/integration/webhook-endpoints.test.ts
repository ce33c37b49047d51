import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";
import { ownerReset, setUpOwner, type AdminClient } from "../support/admin.ts";
import { waitFor } from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteServer } from "../support/suite.ts";

// Webhook endpoints the owner manages in the back office (docs/automation.md): added with a
// secret shown once, URL changed, secret rotated (both signatures for a day, each checked with the
// Standard Webhooks reference verifier, npm `standardwebhooks`), paused and resumed.

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const received: Received[] = [];
const receiver = http.createServer((request, response) => {
  let body = "";
  request.setEncoding("utf8");
  request.on("data", (chunk: string) => (body += chunk));
  request.on("end", () => {
    const headers = {
      "webhook-id": String(request.headers["webhook-id"] ?? ""),
      "webhook-timestamp": String(request.headers["webhook-timestamp"] ?? ""),
      "webhook-signature": String(request.headers["webhook-signature"] ?? ""),
    };
    received.push({ path: request.url ?? "", headers, body });
    response.writeHead(200).end("ok");
  });
});
const hookUrl = (path: string) => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve())));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

// No AUTOMATION_WEBHOOK_URL: the owner's endpoints only. Runs on SQLite and PostgreSQL (vitest.config.ts).
// The back office speaks OWNER_LANG (the browser's language does not move it).
const server = suiteServer({ LOG_LEVEL: "silent", OUTBOX_POLL_MS: "100", OWNER_LANG: "en" });

const en = { headers: { "Accept-Language": "en" } };
const secretIn = (html: string) => /data-testid="endpoint-secret"[^>]*>(whsec_[A-Za-z0-9+/=]+)</.exec(html)?.[1];

async function sendTest(client: AdminClient): Promise<Received> {
  const before = received.length;
  expect((await client.post("/admin/automation", { intent: "test" })).status).toBe(303);
  return waitFor(() => received.length > before && received.at(-1), 20_000, "the test event");
}

test("add (secret shown once) → signed test event; edit the URL; rotate (old and new both verify); pause and resume", async () => {
  const { client } = await setUpOwner(
    server.url,
    ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
    "correct horse battery staple",
  );

  const refused = await client.post("/admin/automation", { intent: "addEndpoint", url: "ftp://example.com/x" }, en);
  expect(refused.status).toBe(400);

  const added = await client.post("/admin/automation", { intent: "addEndpoint", url: hookUrl("/first") }, en);
  expect(added.status).toBe(200);
  const first = secretIn(await added.text());
  expect(first).toMatch(/^whsec_/);
  const page = await (await client.get("/admin/automation", en)).text();
  expect(page, "the secret is shown once").not.toContain(first!);
  const endpointId = /name="target" value="(ep_[\w-]+)"/.exec(page)![1]!;

  const one = await sendTest(client);
  expect(one.path).toBe("/first");
  expect(new Webhook(first!).verify(one.body, one.headers)).toMatchObject({ type: "order.paid", test: true });

  expect(
    (await client.post("/admin/automation", { intent: "saveEndpoint", target: endpointId, url: hookUrl("/second") }))
      .status,
  ).toBe(303);
  expect((await sendTest(client)).path).toBe("/second");

  const rotated = await client.post("/admin/automation", { intent: "rotateSecret", target: endpointId }, en);
  expect(rotated.status).toBe(200);
  const second = secretIn(await rotated.text());
  expect(second).toMatch(/^whsec_/);
  expect(second).not.toBe(first);
  const during = await sendTest(client);
  expect(during.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
  // A receiver on either secret verifies the same request.
  expect(new Webhook(second!).verify(during.body, during.headers)).toMatchObject({ type: "order.paid", test: true });
  expect(new Webhook(first!).verify(during.body, during.headers)).toMatchObject({ type: "order.paid", test: true });

  expect((await client.post("/admin/automation", { intent: "pause", target: endpointId })).status).toBe(303);
  const before = received.length;
  expect((await client.post("/admin/automation", { intent: "test" })).status).toBe(303);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(received.length, "nothing is sent while paused").toBe(before);
  expect((await client.post("/admin/automation", { intent: "resume", target: endpointId })).status).toBe(303);
  await waitFor(() => received.length > before, 20_000, "the held event after resuming");
});
