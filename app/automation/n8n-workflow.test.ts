import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";

// The ready n8n workflow of docs/automation/ (n8n does not install here): its Code node's own
// JavaScript runs as n8n runs it (an async function with $input, $env, this.helpers and require)
// on events signed by the Standard Webhooks reference library, and its nodes and connections are
// the flow the docs describe.

interface N8nNode {
  name: string;
  type: string;
  typeVersion: number;
  parameters: Record<string, any>;
}
const workflow = JSON.parse(fs.readFileSync("docs/automation/n8n-deliver-paid-orders.json", "utf8")) as {
  nodes: N8nNode[];
  connections: Record<string, { main: Array<Array<{ node: string; type: string; index: number }>> }>;
};
const node = (name: string) => workflow.nodes.find((candidate) => candidate.name === name)!;

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

/** Runs the Code node's JavaScript as n8n does, on one request the Webhook node received (raw body kept as binary). */
async function runCodeNode(body: string, headers: Record<string, string>, secret = SECRET) {
  const code = node("Verify signature").parameters.jsCode as string;
  const items = [{ json: { headers, body: JSON.parse(body) }, binary: { data: {} } }];
  const context = {
    helpers: {
      getBinaryDataBuffer: async (index: number, property: string) => {
        expect([index, property]).toEqual([0, "data"]);
        return Buffer.from(body, "utf8");
      },
    },
  };
  const run = new AsyncFunction("require", "$input", "$env", code);
  return (await run.call(
    context,
    createRequire(import.meta.url),
    { all: () => items },
    {
      AUTOMATION_WEBHOOK_SECRET: secret,
    },
  )) as Array<{ json: Record<string, any> }>;
}

/** An event as the site sends it, signed by the reference library. */
function signedEvent(at = new Date()) {
  const body = JSON.stringify({
    type: "order.paid",
    apiVersion: "v1",
    timestamp: at.toISOString(),
    data: { orderId: "ord_20261202_a1b2c3d4e5f6", reference: "LA-1042", offerId: "veo3-single" },
  });
  const id = `msg_${randomBytes(12).toString("base64url")}`;
  const signature = new Webhook(SECRET).sign(id, at, body);
  return {
    body,
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signature,
    },
  };
}

describe("the n8n workflow's Code node", () => {
  test("passes a genuine signed event on, with its webhook-id", async () => {
    const { body, headers } = signedEvent();
    const [item] = await runCodeNode(body, headers);
    expect(item!.json).toMatchObject({
      webhookId: headers["webhook-id"],
      type: "order.paid",
      apiVersion: "v1",
      data: { orderId: "ord_20261202_a1b2c3d4e5f6", reference: "LA-1042" },
    });
  });

  test("refuses a changed body, another secret, an old timestamp, missing headers; takes a rotated pair", async () => {
    const { body, headers } = signedEvent();
    await expect(runCodeNode(body.replace("LA-1042", "LA-1043"), headers)).rejects.toThrow(/signature/);
    await expect(runCodeNode(body, headers, `whsec_${randomBytes(32).toString("base64")}`)).rejects.toThrow(
      /signature/,
    );
    const old = signedEvent(new Date(Date.now() - 10 * 60_000));
    await expect(runCodeNode(old.body, old.headers)).rejects.toThrow(/timestamp/);
    await expect(runCodeNode(body, { ...headers, "webhook-signature": "" })).rejects.toThrow(/headers/);
    // During a secret rotation the site signs with both: one matching signature is enough.
    const other = `v1,${randomBytes(32).toString("base64")}`;
    const [item] = await runCodeNode(body, {
      ...headers,
      "webhook-signature": `${other} ${headers["webhook-signature"]}`,
    });
    expect(item!.json.type).toBe("order.paid");
    await expect(runCodeNode(body, headers, "")).rejects.toThrow(/AUTOMATION_WEBHOOK_SECRET/);
  });
});

describe("the n8n workflow's nodes and connections", () => {
  test("Webhook (raw body) → Verify signature → order.paid? → read the order → in progress → the work → deliver with an Idempotency-Key", () => {
    const webhook = node("Webhook");
    expect(webhook.type).toBe("n8n-nodes-base.webhook");
    expect(webhook.parameters).toMatchObject({ httpMethod: "POST", options: { rawBody: true } });
    expect(node("Verify signature").type).toBe("n8n-nodes-base.code");
    expect(node("Verify signature").parameters.jsCode).toContain('require("crypto")');
    const next = (from: string) => workflow.connections[from]!.main[0]!.map((edge) => edge.node);
    expect(next("Webhook")).toEqual(["Verify signature"]);
    expect(next("Verify signature")).toEqual(["Is it order.paid?"]);
    expect(next("Is it order.paid?")).toEqual(["Read the order"]);
    expect(next("Read the order")).toEqual(["Say in progress"]);
    expect(next("Say in progress")).toEqual(["Make the work"]);
    expect(next("Make the work")).toEqual(["Deliver"]);
    for (const connections of Object.values(workflow.connections))
      for (const edges of connections.main) for (const edge of edges) expect(node(edge.node), edge.node).toBeTruthy();

    const read = node("Read the order");
    expect(read.type).toBe("n8n-nodes-base.httpRequest");
    expect(read.parameters).toMatchObject({ method: "GET", genericAuthType: "httpHeaderAuth" });
    expect(read.parameters.url).toMatch(/\/api\/v1\/orders\/\{\{ encodeURIComponent\(\$json\.data\.orderId\) \}\}$/);
    const deliver = node("Deliver");
    expect(deliver.parameters).toMatchObject({ method: "POST", sendBody: true, specifyBody: "json" });
    expect(deliver.parameters.url).toMatch(/\/api\/v1\/orders\/.+\/deliveries$/);
    expect(deliver.parameters.headerParameters.parameters).toContainEqual(
      expect.objectContaining({ name: "Idempotency-Key" }),
    );
    expect(deliver.parameters.jsonBody).toContain("links: [{ url: $json.resultUrl, label: $json.resultLabel }]");
    expect(node("Say in progress").parameters.url).toMatch(/\/status$/);
    expect(node("Say in progress").parameters.jsonBody).toContain("in_progress");
  });
});
