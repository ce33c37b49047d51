import SwaggerParser from "@apidevtools/swagger-parser";
// The validator swagger-parser itself depends on: JSON Schema 2020-12, OpenAPI 3.1's dialect.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { SAMPLE_TYPES, sampleEventData, WEBHOOK_API_VERSION } from "../automation/payload.server.ts";
import { openApiDocument } from "./openapi.ts";

// The OpenAPI document's `webhooks` describe every event the site sends, and the back office's
// test event of each type is that shape exactly (no key the document does not name), so a
// workflow built on a sample, or generated from the document, reads the real events.

const ORIGIN = "https://studio.example.net";

describe("the events the document describes", () => {
  test("every event type has a schema, and each type's test sample matches it exactly", async () => {
    const doc = (await SwaggerParser.dereference(structuredClone(openApiDocument(ORIGIN)) as never)) as unknown as {
      webhooks: Record<string, { post: { requestBody: { content: { "application/json": { schema: object } } } } }>;
    };
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    expect(Object.keys(doc.webhooks).sort()).toEqual([...SAMPLE_TYPES].sort());
    for (const type of SAMPLE_TYPES) {
      const validate = ajv.compile(doc.webhooks[type]!.post.requestBody.content["application/json"].schema);
      const body = {
        type,
        apiVersion: WEBHOOK_API_VERSION,
        timestamp: new Date().toISOString(),
        test: true,
        data: sampleEventData(type, ORIGIN),
      };
      expect(validate(body) ? [] : validate.errors, type).toEqual([]);
    }
  });
});
