import type http from "node:http";
import { expect, test } from "vitest";
import { hostRefusal, methodRefusal, parseTarget } from "./request-target.ts";

const request = (url: string | undefined, headers: http.IncomingHttpHeaders = {}) =>
  ({ url, headers }) as http.IncomingMessage;

test("a target that parses is its URL; one that does not, or starts with //, is a 400", () => {
  const url = parseTarget(request("/offres?x=%C3%A9"));
  expect(url).toBeInstanceOf(URL);
  expect((url as URL).pathname).toBe("/offres");
  for (const bad of ["/%E0%A4%A", "http://site.example//evil.example/x"])
    expect(parseTarget(request(bad))).toMatchObject({ status: 400 });
});

test("absolute-form and asterisk-form targets keep only their path and query, for React Router too", () => {
  const absolute = request("http://other.example/offres?a=1");
  expect((parseTarget(absolute) as URL).pathname).toBe("/offres");
  expect(absolute.url).toBe("/offres?a=1");
  const asterisk = request("*");
  expect(parseTarget(asterisk)).toBeInstanceOf(URL);
  expect(asterisk.url?.startsWith("/")).toBe(true);
});

test("GET, HEAD and POST pass; any other method is a 405 that says what is allowed", () => {
  for (const method of ["GET", "HEAD", "POST", undefined]) expect(methodRefusal(method)).toBeNull();
  for (const method of ["PUT", "DELETE", "OPTIONS", "PATCH", "TRACE"]) {
    expect(methodRefusal(method)).toEqual({
      status: 405,
      message: "Method not allowed",
      headers: { Allow: "GET, HEAD, POST" },
    });
  }
});

test("a missing Host becomes the public one; an unparsable Host, or forwarded host from a trusted proxy, is a 400", () => {
  const none = request("/");
  expect(hostRefusal(none, { publicHost: "site.example", fromTrustedProxy: false })).toBeNull();
  expect(none.headers.host).toBe("site.example");
  expect(hostRefusal(request("/", { host: "a b" }), { publicHost: "x", fromTrustedProxy: false })).toMatchObject({
    status: 400,
  });
  const forwarded = { host: "site.example", "x-forwarded-host": "a b" };
  expect(hostRefusal(request("/", forwarded), { publicHost: "x", fromTrustedProxy: true })).toMatchObject({
    status: 400,
  });
  // From anyone else X-Forwarded-Host is not read at all.
  expect(hostRefusal(request("/", forwarded), { publicHost: "x", fromTrustedProxy: false })).toBeNull();
});
