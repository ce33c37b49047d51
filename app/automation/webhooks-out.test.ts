import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";
import { isPrivateAddress, refusedHost } from "../lib/address-guard.server.ts";
import { parseEnv } from "../lib/env.server.ts";
import { sendWebhook } from "./send.server.ts";
import { signedHeaders } from "./signature.server.ts";

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;

describe("the address guard (server-side request forgery)", () => {
  test.each([
    "127.0.0.1",
    "127.9.9.9",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "not an address",
  ])("%s is refused", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  test.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  test("a name is judged by every address it resolves to", async () => {
    expect(await refusedHost("https://localhost/hook")).toMatch(/not a public address/);
    expect(await refusedHost("https://[::1]/hook")).toMatch(/not a public address/);
    expect(await refusedHost("https://93.184.215.14/hook")).toBeNull();
  });
});

describe("AUTOMATION_WEBHOOK_URL and _SECRET at start-up", () => {
  const live = { PUBLIC_ORIGIN: "https://studio.example.net", AUTOMATION_WEBHOOK_SECRET: SECRET };
  const errors = (env: Record<string, string>) => {
    const result = parseEnv(env);
    return result.ok ? [] : result.errors;
  };

  test.each([
    "http://hooks.example.net/n8n",
    "https://127.0.0.1/hook",
    "https://[::1]/hook",
    "https://169.254.169.254/latest",
    "https://10.1.2.3/hook",
    "https://localhost:5678/hook",
    "https://n8n.internal/hook",
  ])("live mode refuses %s", (url) => {
    expect(errors({ ...live, AUTOMATION_WEBHOOK_URL: url }).join(" ")).toMatch(
      /^AUTOMATION_WEBHOOK_URL: must be (an https URL|a public (host|address)) in live mode/,
    );
  });

  test("live mode takes a public https URL; a demo or a local run takes a local receiver over http", () => {
    expect(errors({ ...live, AUTOMATION_WEBHOOK_URL: "https://n8n.example.net/webhook/orders" })).toEqual([]);
    expect(errors({ ...live, DEMO_MODE: "true", AUTOMATION_WEBHOOK_URL: "http://127.0.0.1:5678/hook" })).toEqual([]);
    expect(errors({ AUTOMATION_WEBHOOK_URL: "http://127.0.0.1:5678/hook", AUTOMATION_WEBHOOK_SECRET: SECRET })).toEqual(
      [],
    );
  });

  test("both or neither; the secret is whsec_ + base64 of 24 to 64 bytes", () => {
    expect(errors({ AUTOMATION_WEBHOOK_URL: "http://127.0.0.1:5678/hook" })).toEqual([
      expect.stringMatching(/^AUTOMATION_WEBHOOK_SECRET: is required/),
    ]);
    expect(errors({ AUTOMATION_WEBHOOK_SECRET: SECRET })).toEqual([
      expect.stringMatching(/^AUTOMATION_WEBHOOK_URL: is required/),
    ]);
    for (const secret of [
      "hunter2",
      "whsec_not base64!",
      `whsec_${randomBytes(8).toString("base64")}`,
      `sk_${randomBytes(32).toString("base64")}`,
    ]) {
      expect(
        errors({ AUTOMATION_WEBHOOK_URL: "http://127.0.0.1:5678/hook", AUTOMATION_WEBHOOK_SECRET: secret }).join(" "),
        secret,
      ).toMatch(/AUTOMATION_WEBHOOK_SECRET: must/);
    }
    expect(
      errors({ AUTOMATION_WEBHOOK_URL: "ftp://127.0.0.1/hook", AUTOMATION_WEBHOOK_SECRET: SECRET }).join(" "),
    ).toMatch(/AUTOMATION_WEBHOOK_URL/);
  });
});

describe("signing", () => {
  test("the reference verifier accepts our headers, and refuses a changed body or another secret", () => {
    const body = JSON.stringify({
      type: "order.paid",
      timestamp: new Date().toISOString(),
      data: { orderId: "ord_1" },
    });
    const headers = signedHeaders(SECRET, "msg_abc", body);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(SECRET).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(SECRET).verify(body.replace("ord_1", "ord_2"), headers)).toThrow();
    expect(() => new Webhook(`whsec_${randomBytes(32).toString("base64")}`).verify(body, headers)).toThrow();
  });
});

describe("sending", () => {
  let hits = 0;
  let mode: "ok" | "silent" | "huge" = "ok";
  const receiver = http.createServer((request, response) => {
    hits++;
    request.resume();
    if (mode === "silent") return;
    if (mode === "huge") {
      response.writeHead(200);
      // Far more than the limit: the sender stops reading and hangs up.
      const chunk = Buffer.alloc(64 * 1024, 97);
      const write = () => {
        while (response.write(chunk));
        response.once("drain", write);
      };
      response.on("close", () => response.removeAllListeners("drain"));
      write();
      return;
    }
    response.end("ok");
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });
  const options = { publicOnly: true, timeoutMs: 2_000, maxResponseBytes: 4_096 };

  test("live mode never connects to loopback, named by address or by a name that resolves to it (checked on the connection itself)", async () => {
    mode = "ok";
    hits = 0;
    const byAddress = await sendWebhook(`http://127.0.0.1:${port}/hook`, {}, "{}", options);
    expect(byAddress).toMatchObject({ statusCode: null, error: expect.stringMatching(/^blocked: 127\.0\.0\.1/) });
    const byName = await sendWebhook(`http://localhost:${port}/hook`, {}, "{}", options);
    expect(byName).toMatchObject({ statusCode: null, error: expect.stringMatching(/^blocked: localhost resolves to/) });
    expect(hits).toBe(0);
    // Outside live mode the same receiver is reached (tests, demos).
    expect(
      await sendWebhook(`http://localhost:${port}/hook`, {}, "{}", { ...options, publicOnly: false }),
    ).toMatchObject({ statusCode: 200, error: null });
    expect(hits).toBe(1);
  });

  test("a receiver that never answers is given up after the time limit; a huge answer is cut at the size limit", async () => {
    mode = "silent";
    const silent = await sendWebhook(`http://127.0.0.1:${port}/hook`, {}, "{}", {
      ...options,
      publicOnly: false,
      timeoutMs: 300,
    });
    expect(silent).toMatchObject({ statusCode: null, error: "no answer within 300 ms" });
    expect(silent.durationMs).toBeLessThan(2_000);
    mode = "huge";
    const huge = await sendWebhook(`http://127.0.0.1:${port}/hook`, {}, "{}", { ...options, publicOnly: false });
    expect(huge).toMatchObject({ statusCode: 200, error: null });
    expect(huge.durationMs).toBeLessThan(2_000);
  });
});
