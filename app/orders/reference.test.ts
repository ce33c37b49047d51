import { describe, expect, it } from "vitest";
import { formatReference, referenceNumberOf, referencePrefix } from "./reference.ts";

describe("readable order references", () => {
  it("takes the brand's initials", () => {
    expect(referencePrefix("Lumen Automation")).toBe("LA");
    expect(referencePrefix("Émile & Zoé studio")).toBe("EZS");
    expect(referencePrefix("---")).toBe("N");
    expect(formatReference("LA", 1042, "ord_x")).toBe("LA-1042");
    expect(formatReference("LA", null, "ord_x")).toBe("ord_x");
  });

  it("reads a reference typed in a search", () => {
    expect(referenceNumberOf("LA-1042")).toBe(1042);
    expect(referenceNumberOf("la 1042")).toBe(1042);
    expect(referenceNumberOf("1042")).toBe(1042);
    expect(referenceNumberOf("alex@example.com")).toBeNull();
  });
});
