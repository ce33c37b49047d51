import { describe, expect, it } from "vitest";
import { dueDate, dueMark, isTimeZone } from "./due-date.ts";

describe("due date from the catalogue's promise", () => {
  it("counts hours from the payment", () => {
    const due = dueDate(new Date("2026-11-27T16:30:00Z"), { hours: 48 }, "Europe/Paris");
    expect(due.datetime).toBe("2026-11-29T16:30:00.000Z");
    expect(due.withTime).toBe(true);
  });

  it("counts business days in the owner's zone, skipping the weekend, due by the end of the last day", () => {
    // Friday 27 November 2026, 23:30 in Paris (22:30 UTC): still Friday there.
    const due = dueDate(new Date("2026-11-27T22:30:00Z"), { businessDays: 2 }, "Europe/Paris");
    expect(due.datetime).toBe("2026-12-01");
    // The end of Tuesday in Paris (CET, UTC+1) is 23:00 UTC.
    expect(due.at.toISOString()).toBe("2026-12-01T23:00:00.000Z");
    // The same instant is already Saturday in Tokyo: Monday and Tuesday count.
    expect(dueDate(new Date("2026-11-27T22:30:00Z"), { businessDays: 2 }, "Asia/Tokyo").datetime).toBe("2026-12-01");
    // A Saturday order: Monday is the first business day.
    expect(dueDate(new Date("2026-11-28T10:00:00Z"), { businessDays: 1 }, "Europe/Paris").datetime).toBe("2026-11-30");
  });

  it("crosses a change of offset", () => {
    // Friday 23 October 2026; Paris leaves summer time on Sunday 25 October.
    const due = dueDate(new Date("2026-10-23T09:00:00Z"), { businessDays: 1 }, "Europe/Paris");
    expect(due.datetime).toBe("2026-10-26");
    expect(due.at.toISOString()).toBe("2026-10-26T23:00:00.000Z");
  });

  it("marks late and due today in the owner's zone", () => {
    const due = dueDate(new Date("2026-11-27T10:00:00Z"), { hours: 24 }, "Europe/Paris");
    expect(dueMark(due, "Europe/Paris", new Date("2026-11-28T09:00:00Z"))).toBe("today");
    expect(dueMark(due, "Europe/Paris", new Date("2026-11-28T10:00:00Z"))).toBe("late");
    expect(dueMark(due, "Europe/Paris", new Date("2026-11-27T12:00:00Z"))).toBeNull();
  });

  it("knows a time zone from a typo", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Europe/Pariss")).toBe(false);
  });
});
