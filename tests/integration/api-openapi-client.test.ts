import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
// The validator swagger-parser itself depends on (no dependency of our own): JSON Schema 2020-12, OpenAPI 3.1's dialect.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createApiToken } from "../../app/api/tokens.server.ts";
import { openStores } from "../../app/stores.server.ts";
import { decodeMail, emlFiles, orderForm, payInSandbox, waitFor } from "../support/orders.ts";
import { suiteServer } from "../support/suite.ts";

// A client that knows nothing of the API but its served OpenAPI document: every request is built
// from /api/v1/openapi.json (operationId → method and path template, declared parameters only,
// the request body's content type and schema), and every answer is checked against the document's
// schema for its status and content type. It goes from an `order.paid` event (a local webhook
// endpoint, verified with the Standard Webhooks reference package) to a delivered order with a
// file and a labelled link, as an n8n or Make workflow would; then the customer's order page and
// delivery email show both, as after a back-office delivery.

vi.setConfig({ testTimeout: 120_000 });

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const verifier = new Webhook(SECRET);

/** A webhook endpoint that keeps what the reference verifier accepted. */
function endpoint() {
  const events: Array<{ type: string; data: Record<string, unknown>; raw: unknown }> = [];
  const server = http.createServer((request, response) => {
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
        events.push({ type: payload.type, data: payload.data, raw: payload });
        response.writeHead(204).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  return {
    events,
    start: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/n8n`,
  };
}

const hook = endpoint();
beforeAll(() => hook.start());
afterAll(() => hook.stop());

const server = suiteServer(() => ({
  LOG_LEVEL: "silent",
  ORDER_RATE_LIMIT: "0",
  OUTBOX_POLL_MS: "100",
  AUTOMATION_WEBHOOK_URL: hook.url(),
  AUTOMATION_WEBHOOK_SECRET: SECRET,
}));

// A PDF's first bytes: the site reads the file's type from them.
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

type Schema = Record<string, any>;
type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: Schema }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
};
type Doc = {
  servers: Array<{ url: string }>;
  security?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
};

interface Call {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** A JSON body, or the fields of a form; with `files`, sent as the document's form content type. */
  body?: Record<string, unknown>;
  files?: Array<{ name: string; bytes: Buffer; type: string }>;
}

/** What a code generator would make of the document: one function per operationId, nothing else known. */
class DocumentClient {
  private readonly validators = new WeakMap<Schema, ValidateFunction>();
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

  readonly doc: Doc;
  private readonly token: string;

  constructor(doc: Doc, token: string) {
    this.doc = doc;
    this.token = token;
  }

  static async load(origin: string, token: string): Promise<DocumentClient> {
    const res = await fetch(`${origin}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    // Every $ref resolved by the validator's own dereferencer (it throws on one it cannot resolve).
    const doc = (await SwaggerParser.dereference((await res.json()) as never)) as unknown as Doc;
    return new DocumentClient(doc, token);
  }

  /** Checks `value` against a schema of the document; the issues, or []. */
  check(schema: Schema, value: unknown): string[] {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.validators.set(schema, validate);
    }
    return validate(value)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`);
  }

  operation(id: string): { method: string; template: string; op: Operation } {
    for (const [template, methods] of Object.entries(this.doc.paths))
      for (const [method, op] of Object.entries(methods))
        if (op.operationId === id) return { method: method.toUpperCase(), template, op };
    throw new Error(`the document has no operation ${id}`);
  }

  async call(id: string, call: Call = {}) {
    const { method, template, op } = this.operation(id);
    /** A parameter the operation declares, its value checked against its schema. */
    const parameter = (where: string, name: string, value: string | number) => {
      const found = op.parameters?.find((p) => p.in === where && p.name.toLowerCase() === name.toLowerCase());
      if (!found) throw new Error(`${id} declares no ${where} parameter ${name}`);
      const typed = found.schema.type === "integer" ? Number(value) : String(value);
      expect(this.check(found.schema, typed), `${id}: ${where} ${name}`).toEqual([]);
    };
    for (const p of op.parameters ?? [])
      if (p.required && p.in === "path") expect(call.params?.[p.name], `${id}: ${p.name}`).toBeTruthy();
    const pathname = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      parameter("path", name, call.params?.[name] ?? "");
      return encodeURIComponent(call.params?.[name] ?? "");
    });
    const url = new URL(this.doc.servers[0]!.url + pathname);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      parameter("query", name, value);
      url.searchParams.set(name, String(value));
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(call.headers ?? {})) {
      parameter("header", name, value);
      headers.set(name, value);
    }
    const security = op.security ?? this.doc.security ?? [];
    if (security.length) headers.set("Authorization", `Bearer ${this.token}`);
    let body: BodyInit | undefined;
    if (call.body || call.files) {
      const content = op.requestBody?.content ?? {};
      expect(op.requestBody?.required, `${id}: a body is declared`).toBe(true);
      if (call.files) {
        // A body with files: the form type the document offers, its fields as its schema types them.
        const form = content["multipart/form-data"];
        if (!form) throw new Error(`${id} takes no multipart/form-data body: it cannot carry files`);
        const properties = form.schema.properties as Record<string, Schema>;
        const fileField = Object.entries(properties).find(
          ([, schema]) => schema.type === "array" && schema.items?.contentMediaType === "application/octet-stream",
        )?.[0];
        if (!fileField) throw new Error(`${id}'s form has no field for files`);
        const fields: Record<string, string> = {};
        const data = new FormData();
        for (const [name, value] of Object.entries(call.body ?? {})) {
          const schema = properties[name];
          if (!schema) throw new Error(`${id}'s form has no field ${name}`);
          fields[name] = schema.contentMediaType === "application/json" ? JSON.stringify(value) : String(value);
          data.append(name, fields[name]);
        }
        const { [fileField]: _files, ...textSchema } = properties;
        expect(this.check({ ...form.schema, properties: textSchema }, fields), `${id}: the form's fields`).toEqual([]);
        expect(call.files.length).toBeLessThanOrEqual(properties[fileField]!.maxItems ?? Infinity);
        for (const file of call.files)
          data.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
        body = data;
      } else {
        const json = content["application/json"];
        if (!json) throw new Error(`${id} takes no JSON body`);
        expect(this.check(json.schema, call.body), `${id}: the body`).toEqual([]);
        headers.set("Content-Type", "application/json");
        body = JSON.stringify(call.body);
      }
    }
    const res = await fetch(url, { method, headers, body });
    const status = String(res.status);
    const declared = op.responses[status];
    expect(declared, `${method} ${template} answered ${status}, which the document does not list`).toBeTruthy();
    const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
    // The declared media type, or the range that covers it (a file answers in its own type: */*).
    const media =
      declared!.content?.[type] ?? declared!.content?.[`${type.split("/")[0]}/*`] ?? declared!.content?.["*/*"];
    expect(media, `${id} ${status}: ${type} is not a declared content type`).toBeTruthy();
    if (type.endsWith("json")) {
      const text = await res.text();
      const value = JSON.parse(text) as unknown;
      expect(this.check(media!.schema, value), `${id} ${status}: the answer matches the document`).toEqual([]);
      return { status: res.status, headers: res.headers, text, body: value as Record<string, any> };
    }
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  /** An event's body checked against the document's `webhooks`. */
  checkEvent(raw: { type: string }): string[] {
    const described = this.doc.webhooks[raw.type];
    if (!described) return [`the document describes no event ${raw.type}`];
    return this.check(described.post.requestBody!.content["application/json"]!.schema, raw);
  }
}

const mail = (file: string) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));

describe("a client built only from the OpenAPI document", () => {
  test("order.paid (verified with standardwebhooks) → read the order → deliver a file and a labelled link (multipart, Idempotency-Key) → the customer's page and email show both", async () => {
    const repo = await openStores({ DATA_DIR: server.dataDir });
    let token: string;
    try {
      ({ secret: token } = await createApiToken(repo, "document-only client"));
    } finally {
      await repo.close();
    }
    const client = await DocumentClient.load(server.url, token);

    // The customer pays (in French); the workflow hears of it.
    const email = "mireille.document@example.com";
    await payInSandbox(
      server.url,
      "test-workflow",
      "fr",
      orderForm({ email, firstName: "Mireille", lastName: "Roux" }),
    );
    const paid = await waitFor(
      () => hook.events.find((event) => event.type === "order.paid" && (event.data.customer as any)?.email === email),
      30_000,
      "order.paid",
    );
    expect(client.checkEvent(paid.raw as { type: string }), "order.paid matches the document's webhooks").toEqual([]);
    const orderId = String(paid.data.orderId);

    // The event's id opens the order.
    const read = await client.call("getOrder", { params: { id: orderId } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: orderId, state: "paid", delivered: false, deliveries: [] });

    // It is in the list of orders to deliver, found by walking the pages the document describes.
    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<DocumentClient["call"]>> = await client.call("listOrders", {
        query: { state: "to-deliver", limit: 10, ...(cursor ? { cursor } : {}) },
      });
      expect(page.status).toBe(200);
      listed.push(...(page.body!.orders as Array<{ id: string }>).map((order) => order.id));
      cursor = page.body!.next_cursor as string | null;
    } while (cursor);
    expect(listed).toContain(orderId);

    // "In progress", then the delivery: a file, a labelled link and a note, under an Idempotency-Key.
    const status = await client.call("setWorkStatus", {
      params: { id: orderId },
      body: { status: "in_progress", note: "On y travaille." },
    });
    expect(status.status).toBe(200);
    const delivery: Call = {
      params: { id: orderId },
      headers: { "Idempotency-Key": `deliver-${orderId}` },
      body: {
        links: [{ url: "https://videos.example.com/mireille/final.mp4", label: "Votre vidéo finale" }],
        note: "Voici votre workflow et son mode d’emploi.",
      },
      files: [{ name: "mode d'emploi.pdf", bytes: PDF, type: "application/pdf" }],
    };
    const first = await client.call("deliverOrder", delivery);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ delivered: true });
    // The workflow retries (a timeout on its side): the same answer, nothing stored twice.
    const again = await client.call("deliverOrder", delivery);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const storedFiles = fs.readdirSync(path.join(server.dataDir, "files", "orders", orderId));
    expect(storedFiles, "one file kept, the replay's copy not stored").toHaveLength(1);

    // The order as the API reads it now: one delivery, its labelled link and its file.
    const after = await client.call("getOrder", { params: { id: orderId } });
    expect(after.body).toMatchObject({
      delivered: true,
      deliveries: [
        {
          note: "Voici votre workflow et son mode d’emploi.",
          links: [{ url: "https://videos.example.com/mireille/final.mp4", label: "Votre vidéo finale" }],
          files: [{ name: "mode d_emploi.pdf", contentType: "application/pdf", size: PDF.length }],
        },
      ],
    });
    // The file's signed link is the document's downloadFile operation; it gives the bytes back.
    const fileUrl = new URL(after.body!.deliveries[0].files[0].url as string);
    const link = /^\/api\/v1\/files\/([^/]+)$/.exec(fileUrl.pathname)?.[1];
    expect(link, "the file's url is the downloadFile path").toBeTruthy();
    const download = await client.call("downloadFile", { params: { link: decodeURIComponent(link!) } });
    expect(download.status).toBe(200);
    expect(download.bytes!.equals(PDF)).toBe(true);

    // The workflow hears of the delivery, as the document describes it.
    const delivered = await waitFor(
      () => hook.events.find((event) => event.type === "order.delivered" && event.data.orderId === orderId),
      30_000,
      "order.delivered",
    );
    expect(client.checkEvent(delivered.raw as { type: string })).toEqual([]);
    expect(delivered.data).toMatchObject({ deliveredFiles: 1, deliveredLink: true });

    // The customer's delivery email and order page show the labelled link and the file.
    const deliveredMail = await waitFor(
      () => emlFiles(server.dataDir).find((file) => file.startsWith(`${orderId}-work-delivered.`)),
      30_000,
      "the delivery email",
    );
    const text = mail(deliveredMail);
    expect(text).toContain("Votre vidéo finale");
    expect(text).toContain("https://videos.example.com/mireille/final.mp4");
    expect(text).toContain("mode d_emploi.pdf");
    expect(text).toContain("Voici votre workflow et son mode d’emploi.");
    const page = /(\/order\/[\w.-]+)/.exec(text)?.[1];
    expect(page, "the email links to the order page").toBeTruthy();
    const shown = await (await fetch(`${server.url}${page}?lang=fr`)).text();
    expect(shown).toContain('href="https://videos.example.com/mireille/final.mp4"');
    expect(shown).toContain("Votre vidéo finale");
    expect(shown).toContain(">mode d_emploi.pdf<");
    expect(emlFiles(server.dataDir).filter((file) => file.startsWith(`${orderId}-work-delivered.`))).toHaveLength(1);
  });
});
