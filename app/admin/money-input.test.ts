import { describe, expect, test } from "vitest";
import { isActionKey, parseAmount } from "./money-input.ts";

describe("amounts as the owner types them", () => {
  test.each([
    ["12,50", 1250],
    ["12.50", 1250],
    ["12", 1200],
    ["12,5", 1250],
    ["0,50", 50],
    ["1 234,50", 123450],
    ["1\u202f234,50", 123450],
    ["1.234,50", 123450],
    ["1,234.50", 123450],
    ["€ 12,50", 1250],
    ["12,50 €", 1250],
    ["  98.5 ", 9850],
  ])("%s → %i", (typed, minor) => {
    expect(parseAmount(typed)).toBe(minor);
  });

  test.each([
    "",
    "0",
    "0,00",
    "-5",
    "12,505",
    "1.234",
    "1,234",
    "12..5",
    "abc",
    "1e3",
    "12,50,1",
    "Infinity",
    "12 50x",
    "99999999999999999999",
  ])("%s is refused", (typed) => {
    expect(parseAmount(typed)).toBeNull();
  });
});

test("action keys are UUIDs", () => {
  expect(isActionKey("3f2b8c1e-9a4d-4c3b-8e2f-1a2b3c4d5e6f")).toBe(true);
  expect(isActionKey("x")).toBe(false);
  expect(isActionKey("3F2B8C1E-9A4D-4C3B-8E2F-1A2B3C4D5E6F")).toBe(false);
});
