import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { INTERNAL_ERROR, redirect, refuse } from "./answers.ts";

let server: http.Server | undefined;
afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));

async function answer(handler: http.RequestListener) {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, { redirect: "manual" });
}

test("a refusal: its status, plain text, no-store, its own headers, the security headers and the request id", async () => {
  const res = await answer((req, res) =>
    refuse(
      req,
      res,
      { status: 405, message: "Method not allowed", headers: { Allow: "GET" } },
      { https: true, requestId: "r-1" },
    ),
  );
  expect(res.status).toBe(405);
  expect(await res.text()).toBe("Method not allowed");
  expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("allow")).toBe("GET");
  expect(res.headers.get("x-request-id")).toBe("r-1");
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(res.headers.get("strict-transport-security")).toMatch(/max-age=/);
});

test("over plain http no HSTS; the internal error is a terse 500", async () => {
  const res = await answer((req, res) => refuse(req, res, INTERNAL_ERROR, { https: false, requestId: "r-2" }));
  expect(res.status).toBe(500);
  expect(await res.text()).toBe("Internal error");
  expect(res.headers.get("strict-transport-security")).toBeNull();
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
});

test("a canonical redirect: 301, its Location, cacheable for an hour, with the security headers", async () => {
  const res = await answer((_req, res) => redirect(res, "/offres?x=1", { https: false, requestId: "r-3" }));
  expect(res.status).toBe(301);
  expect(res.headers.get("location")).toBe("/offres?x=1");
  expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("x-request-id")).toBe("r-3");
});
