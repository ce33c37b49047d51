import { describe, expect, it } from "vitest";
import { dateTimeFormatter } from "./format.ts";

describe("back-office times", () => {
  it("are shown in Paris time whatever the server's time zone", () => {
    // 23:30 UTC on 30 June is 01:30 the next day in Paris (summer time): the day changes too.
    const at = "2026-06-30T23:30:00.000Z";
    expect(dateTimeFormatter("fr", "short")(at)).toBe("01/07/2026 01:30");
    expect(dateTimeFormatter("en", "medium")(at)).toMatch(/^1 Jul 2026, 01:30:00$/);
  });
});
