import { expect, test } from "vitest";
import { createCanonicalRedirect } from "./canonical-redirect.ts";

const KNOWN = new Set(["/en", "/short-videos", "/short-videos/de", "/commander", "/thank-you", "/merci"]);
const canonicalLocation = createCanonicalRedirect((path) => KNOWN.has(path));

test("trailing slashes and letter case of known paths redirect to the canonical path, query kept", () => {
  expect(canonicalLocation("/short-videos/", "")).toBe("/short-videos");
  expect(canonicalLocation("/SHORT-VIDEOS", "?x=1")).toBe("/short-videos?x=1");
  expect(canonicalLocation("/Short-Videos/DE//", "")).toBe("/short-videos/de");
  expect(canonicalLocation("/EN", "")).toBe("/en");
  expect(canonicalLocation("/Commander/", "?offre=test-workflow&lang=en")).toBe("/commander?offre=test-workflow&lang=en");
  expect(canonicalLocation("/Thank-You", "?session_id=cs_1")).toBe("/thank-you?session_id=cs_1");
  expect(canonicalLocation("//", "")).toBe("/");
});

test("canonical and unknown paths are left alone", () => {
  for (const path of ["/", "/short-videos", "/short-videos/de", "/commander", "/merci", "/nope/", "/NOPE", "/checkout/sandbox/sbx_AbC"]) {
    expect(canonicalLocation(path, ""), path).toBeNull();
  }
});
