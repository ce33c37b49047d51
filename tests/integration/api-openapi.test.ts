import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, test } from "vitest";
import routes from "../../app/routes.ts";
import { rawBody, rawRequest } from "../support/raw-http.ts";
import { suiteServer } from "../support/suite.ts";

// The served /api/v1/openapi.json is a valid OpenAPI 3.1 document (a real validator, and every
// $ref resolved), describes every /api/v1 route of app/routes.ts with its methods and answers, and
// names PUBLIC_ORIGIN as its server whatever Host the request carried.

const server = suiteServer({ LOG_LEVEL: "silent" });

interface RouteEntry {
  path?: string;
}
const apiPaths = () =>
  (routes as unknown as RouteEntry[])
    .flatMap((entry) => (entry.path?.startsWith("/api/v1/") && !entry.path.includes("*") ? [entry.path] : []))
    .map((path) => path.replace(/:(\w+)/g, "{$1}"));

type Doc = {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, any>>;
  webhooks: Record<string, any>;
  components: { schemas: Record<string, unknown> };
};

async function served(): Promise<Doc> {
  const res = await fetch(`${server.url}/api/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as Doc;
}

/** Every "$ref" in the document, with the JSON pointer it names. */
function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refs(item, found);
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push(value);
      else refs(value, found);
    }
  return found;
}

function resolve(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>(
      (at, part) => (at && typeof at === "object" ? (at as Record<string, unknown>)[part] : undefined),
      doc,
    );
}

describe("the OpenAPI document", () => {
  test("validates with swagger-parser, and every $ref resolves inside it", async () => {
    const doc = await served();
    expect(doc.openapi).toBe("3.1.0");
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(10);
    const unresolved = all.filter((ref) => resolve(doc, ref) === undefined);
    expect(unresolved, "unresolved references").toEqual([]);
    expect(
      all.filter((ref) => ref.includes("$defs")),
      "zod's $defs are moved to components/schemas",
    ).toEqual([]);
    // The real validator: the 3.1 schema, then every reference dereferenced (it throws on a missing one).
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const dereferenced = (await SwaggerParser.dereference(structuredClone(doc) as never)) as unknown as Doc;
    expect(
      dereferenced.paths["/api/v1/orders/{id}"]!.get.responses["200"].content["application/json"].schema.type,
    ).toBe("object");
  });

  test("every /api/v1 route, its methods and answers; POST bodies required, files as multipart where taken; no 409 on a GET; the events described", async () => {
    const doc = await served();
    const documented = Object.keys(doc.paths);
    expect(apiPaths().length).toBeGreaterThanOrEqual(7);
    for (const path of apiPaths()) expect(documented, path).toContain(path);
    for (const path of documented) expect(apiPaths(), path).toContain(path);
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.responses["200"] ?? operation.responses["201"], `${method} ${path}`).toBeTruthy();
        if (method === "post") {
          expect(operation.requestBody?.required, `${method} ${path}`).toBe(true);
          expect(Object.keys(operation.requestBody.content), `${method} ${path}`).toEqual(
            path === "/api/v1/orders/{id}/deliveries"
              ? ["application/json", "multipart/form-data"]
              : ["application/json"],
          );
        }
        if (method === "get") expect(Object.keys(operation.responses), `${method} ${path}`).not.toContain("409");
        const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
        if (!isPublic)
          expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(["401", "429"]));
      }
    }
    expect(doc.paths["/api/v1/orders"]!.get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["state", "updated_since", "limit", "cursor"]),
    );
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      [
        "order.brief_received",
        "order.delivered",
        "order.paid",
        "order.refunded",
        "quote.requested",
        "quote.proposed",
        "quote.accepted",
        "quote.declined",
        "subscription.cancelled",
        "subscription.renewed",
      ].sort(),
    );
    const paid = resolve(doc, doc.webhooks["order.paid"].post.requestBody.content["application/json"].schema.$ref) as {
      properties: Record<string, any>;
    };
    expect(Object.keys(paid.properties)).toEqual(expect.arrayContaining(["type", "apiVersion", "timestamp", "data"]));
    expect(Object.keys(paid.properties.data.properties)).toEqual(expect.arrayContaining(["orderId", "reference"]));
    // A delivery's files: a multipart body whose `files` are bytes, its links a JSON field.
    const form = doc.paths["/api/v1/orders/{id}/deliveries"]!.post.requestBody.content["multipart/form-data"].schema;
    expect(form.properties.files).toMatchObject({
      type: "array",
      items: { contentMediaType: "application/octet-stream" },
    });
    expect(form.properties.links).toMatchObject({ type: "string", contentMediaType: "application/json" });
    // Proposals: created (201) with their state; the quotes list their proposals.
    const propose = doc.paths["/api/v1/quotes/{id}/proposals"]!.post;
    expect(propose.operationId).toBe("proposeForQuote");
    expect(propose.responses["201"].content["application/json"].schema.$ref).toBe("#/components/schemas/Proposal");
    const quote = resolve(doc, "#/components/schemas/QuoteRequest") as { properties: Record<string, any> };
    expect(quote.properties.proposals).toBeTruthy();
    const proposal = resolve(doc, "#/components/schemas/Proposal") as { properties: Record<string, any> };
    expect(proposal.properties.state.enum).toEqual(
      expect.arrayContaining(["sent", "viewed", "accepted", "paid", "declined", "expired", "withdrawn"]),
    );
  });

  test("servers names PUBLIC_ORIGIN, never the request's Host", async () => {
    const res = await rawRequest(server.port, {
      target: "/api/v1/openapi.json",
      headers: { Host: "attacker.example", "X-Forwarded-Host": "attacker.example" },
    });
    expect(res.status).toBe(200);
    const doc = JSON.parse(rawBody(res)) as Doc;
    expect(doc.servers).toEqual([{ url: server.url }]);
    expect(JSON.stringify(doc)).not.toContain("attacker.example");
  });
});
