import { expect, test } from "vitest";
import { createCanonicalRedirect } from "./canonical-redirect.ts";

const KNOWN = new Set(["/en", "/short-videos", "/short-videos/de", "/commander", "/thank-you", "/merci"]);
const canonicalLocation = createCanonicalRedirect((path) => KNOWN.has(path));

test("trailing slashes and letter case of known paths redirect to the canonical path, query kept", () => {
  expect(canonicalLocation("/short-videos/", "")).toBe("/short-videos");
  expect(canonicalLocation("/SHORT-VIDEOS", "?x=1")).toBe("/short-videos?x=1");
  expect(canonicalLocation("/Short-Videos/DE//", "")).toBe("/short-videos/de");
  expect(canonicalLocation("/EN", "")).toBe("/en");
  expect(canonicalLocation("/Commander/", "?offre=test-workflow&lang=en")).toBe(
    "/commander?offre=test-workflow&lang=en",
  );
  expect(canonicalLocation("/Thank-You", "?session_id=cs_1")).toBe("/thank-you?session_id=cs_1");
  expect(canonicalLocation("//", "")).toBe("/");
});

test("canonical and unknown paths are left alone", () => {
  for (const path of [
    "/",
    "/short-videos",
    "/short-videos/de",
    "/commander",
    "/merci",
    "/nope/",
    "/NOPE",
    "/checkout/sandbox/sbx_AbC",
  ]) {
    expect(canonicalLocation(path, ""), path).toBeNull();
  }
});

test("percent-encoded letters, digits and -._~ are the same path: 301 to the plain, canonical spelling", () => {
  expect(canonicalLocation("/%73hort-videos", "")).toBe("/short-videos");
  expect(canonicalLocation("/short%2Dvideos", "?x=1")).toBe("/short-videos?x=1");
  expect(canonicalLocation("/short%2dvideos/%64e", "")).toBe("/short-videos/de");
  expect(canonicalLocation("/%53HORT%2DVIDEOS/", "")).toBe("/short-videos");
  expect(canonicalLocation("/%6De%72ci", "?session_id=cs_1")).toBe("/merci?session_id=cs_1");
  // Unknown once decoded: its plain spelling, which answers 404.
  expect(canonicalLocation("/n%6Fpe", "")).toBe("/nope");
  // Escapes that do not stand for an unreserved character are another path: left alone.
  for (const path of [
    "/short-videos%2Fde",
    "/short-videos%2F",
    "/nope%20x",
    "/%2Fshort-videos",
    "/commander%3Foffre=x",
    "/..%2f..%2fetc%2fpasswd",
  ]) {
    expect(canonicalLocation(path, ""), path).toBeNull();
  }
});
