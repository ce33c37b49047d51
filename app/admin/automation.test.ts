import { expect, test } from "vitest";
import { endpointUrlProblem } from "./automation.server.ts";

// An endpoint the owner adds in the back office: in live mode only https to a public address
// (server-side request forgery); a demo or a test may point at a local receiver.

test("live mode refuses private, loopback and local endpoints, and plain http", async () => {
  for (const url of [
    "https://10.0.0.5/hook",
    "https://127.0.0.1:5678/webhook",
    "https://[::1]/hook",
    "https://192.168.1.20/n8n",
    "https://169.254.169.254/latest",
    "https://n8n.localhost/hook",
    "http://93.184.216.34/hook",
  ]) {
    expect(await endpointUrlProblem(url, true), url).toBe("notPublic");
  }
  expect(await endpointUrlProblem("https://93.184.216.34/hook", true)).toBeNull();
});

test("any mode refuses what is not an http(s) URL, or carries credentials", async () => {
  for (const url of [
    "ftp://example.com/x",
    "javascript:alert(1)",
    "not a url",
    "https://user:pass@example.com/hook",
    `https://example.com/${"a".repeat(600)}`,
  ]) {
    expect(await endpointUrlProblem(url, false), url).toBe("invalid");
  }
  expect(await endpointUrlProblem("http://127.0.0.1:5678/webhook", false)).toBeNull();
});
