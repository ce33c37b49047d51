import { expect, test } from "vitest";
import { routeHeadersReplaceSiteHeaders, securityHeaders } from "./security-headers.ts";

test("the CSP allows inline scripts only with this response's nonce; HSTS only over https", () => {
  const plain = securityHeaders({ https: false });
  expect(plain["Content-Security-Policy"]).toContain("script-src 'self';");
  expect(plain["Strict-Transport-Security"]).toBeUndefined();
  const live = securityHeaders({ https: true, nonce: "abc" });
  expect(live["Content-Security-Policy"]).toContain("script-src 'self' 'nonce-abc';");
  expect(live["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
  for (const headers of [plain, live]) {
    expect(headers).toMatchObject({ "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff" });
    expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
  }
});

test("a route's own security header replaces the site's; other headers are appended", () => {
  const set: Array<[string, unknown]> = [];
  const appended: Array<[string, unknown]> = [];
  const res = {
    append: (name: string, value: string | string[]) => appended.push([name, value]),
    setHeader: (name: string, value: string | string[]) => set.push([name, value]),
  };
  routeHeadersReplaceSiteHeaders(res);
  res.append("Referrer-Policy", "same-origin");
  res.append("Set-Cookie", "a=1");
  expect(set).toEqual([["Referrer-Policy", "same-origin"]]);
  expect(appended).toEqual([["Set-Cookie", "a=1"]]);
});
