import { afterAll, beforeAll, expect, test } from "vitest";
import { orderForm, postOrder, waitFor } from "../support/orders.ts";
import { rawRequest } from "../support/raw-http.ts";
import { startServer, type RunningServer } from "../support/server.ts";

// One URL per page, and malformed input (multipart on the sandbox checkout,
// an Origin with another scheme).

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info", ORDER_RATE_LIMIT: "0" });
});
afterAll(async () => {
  await server?.stop();
});

const canonical = (page: string) => /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1];
const ogUrl = (page: string) => /<meta property="og:url" content="([^"]+)"/.exec(page)?.[1];

test("a trailing slash first after a start does not poison the cached page; variants answer 301 to the canonical path", async () => {
  // The very first request for this page after the start is a variant.
  const first = await fetch(`${server.url}/short-videos/`, { redirect: "manual" });
  await first.arrayBuffer();
  expect(first.status).toBe(301);
  expect(first.headers.get("location")).toBe("/short-videos");
  for (const [variant, target] of [
    ["/SHORT-VIDEOS", "/short-videos"],
    ["/Short-Videos/?utm_source=x", "/short-videos?utm_source=x"],
    ["/short-videos/de/", "/short-videos/de"],
    ["/EN", "/en"],
    ["/commander/?offre=test-workflow&lang=en", "/commander?offre=test-workflow&lang=en"],
    ["/Thank-You?session_id=x", "/thank-you?session_id=x"],
  ]) {
    const res = await fetch(server.url + variant, { redirect: "manual" });
    await res.arrayBuffer();
    expect(res.status, variant).toBe(301);
    expect(res.headers.get("location"), variant).toBe(target);
  }
  const page = await (await fetch(`${server.url}/short-videos`)).text();
  expect(canonical(page)).toBe(`${server.url}/short-videos`);
  expect(ogUrl(page)).toBe(`${server.url}/short-videos`);
  const german = await (await fetch(`${server.url}/short-videos/de`)).text();
  expect(canonical(german)).toBe(`${server.url}/short-videos/de`);
  // Unknown paths stay 404 in any spelling.
  expect((await fetch(`${server.url}/NOPE/`, { redirect: "manual" })).status).toBe(404);
});

test("a malformed multipart body on the sandbox checkout is a 400, not a 500", async () => {
  const res = await postOrder(server.url, "test-workflow", "en", orderForm({ email: "multipart@example.com" }), {
    headers: { Origin: server.url },
  });
  expect(res.status).toBe(303);
  const checkout = res.headers.get("location")!;
  for (const body of ['--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\npay', "garbage", "--x--"]) {
    const answer = await rawRequest(server.port, {
      method: "POST",
      target: checkout,
      headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: server.url },
      body,
    });
    expect(answer.status, body).toBe(400);
  }
});

test("an Origin with our host but another scheme is a cross-site post: 403 and one quiet log line", async () => {
  const httpsOrigin = server.url.replace("http:", "https:");
  const res = await postOrder(server.url, "test-workflow", "en", orderForm({ email: "scheme@example.com" }), {
    headers: { Origin: httpsOrigin },
  });
  expect(res.status).toBe(403);
  const requestId = res.headers.get("x-request-id")!;
  // Access lines are written in batches (app/lib/logger.server.ts): wait for this one, then for
  // anything else the request might have logged to arrive with it.
  await waitFor(() => server.logs().includes(requestId), 20_000, "the request's line");
  await new Promise((resolve) => setTimeout(resolve, 500));
  const added = server
    .logs()
    .split("\n")
    .filter((line) => line.includes(requestId));
  expect(added).toHaveLength(1);
  expect(JSON.parse(added[0]!)).toMatchObject({ level: "info", status: 403, msg: "request" });
  expect(added.join("\n")).not.toMatch(/stack|Error/);
  // Our own origin still works.
  const ok = await postOrder(server.url, "test-workflow", "en", orderForm({ email: "scheme-ok@example.com" }), {
    headers: { Origin: server.url },
  });
  expect(ok.status).toBe(303);
});
