import http from "node:http";
import type { AddressInfo } from "node:net";
import type express from "express";
import type { ServerBuild } from "react-router";
import { afterEach, expect, test } from "vitest";
import type { RequestInfo } from "../app/lib/request-context.ts";
import { createReactRouterHandler } from "./react-router.ts";

let server: http.Server | undefined;
afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));

/**
 * The live path with the browser files' middleware standing in for the app: it answers with the
 * request information React Router would be given (res.locals.info, what getLoadContext reads).
 */
test("a live render gets its own nonce (the one its CSP names), a fresh form token, the request's id and address", async () => {
  const seen: RequestInfo[] = [];
  const assets: express.RequestHandler = (_req, res) => {
    seen.push(res.locals.info as RequestInfo);
    res.end("rendered");
  };
  const renderLive = createReactRouterHandler({
    build: { entry: { module: {} }, routes: {}, assets: {} } as unknown as ServerBuild,
    mode: "production",
    loadContext: () => {
      throw new Error("not reached: the stand-in answers first");
    },
    assets,
    clientDir: "/nonexistent",
    trustProxy: false,
  });
  let n = 0;
  server = http.createServer((req, res) =>
    renderLive(req, res, { requestId: `id-${++n}`, https: true, clientIp: "203.0.113.9", secure: true }),
  );
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
  const [a, b] = [await fetch(url), await fetch(url)];
  expect(await a.text()).toBe("rendered");
  expect(seen).toHaveLength(2);
  expect(a.headers.get("content-security-policy")).toContain(`'nonce-${seen[0]!.nonce}'`);
  expect(b.headers.get("content-security-policy")).toContain(`'nonce-${seen[1]!.nonce}'`);
  expect(seen[0]!.nonce).not.toBe(seen[1]!.nonce);
  expect(seen[0]!.formToken).toMatch(/^[0-9a-f-]{36}$/);
  expect(seen[0]!.formToken).not.toBe(seen[1]!.formToken);
  expect(seen[0]).toMatchObject({ requestId: "id-1", clientIp: "203.0.113.9", secure: true });
  expect(a.headers.get("x-request-id")).toBe("id-1");
  expect(a.headers.get("strict-transport-security")).toMatch(/max-age/);
  expect(a.headers.get("x-powered-by")).toBeNull();
});
