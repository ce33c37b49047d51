import { expect, test } from "vitest";
import { perStore } from "./per-store.ts";

test("built once per store, again for another store, and again after a failure", async () => {
  let calls = 0;
  let fail = true;
  const secretOf = perStore(async (store: { name: string }) => {
    calls++;
    if (store.name === "down" && fail) throw new Error("database down");
    return `${store.name}-${calls}`;
  });
  const a = { name: "a" };
  const b = { name: "b" };
  expect(await secretOf(a)).toBe("a-1");
  expect(await secretOf(a)).toBe("a-1");
  expect(await secretOf(b)).toBe("b-2");
  const down = { name: "down" };
  await expect(secretOf(down)).rejects.toThrow("database down");
  fail = false;
  expect(await secretOf(down)).toBe("down-4");
  expect(calls).toBe(4);
});
