import { describe, expectTypeOf, test } from "vitest";
import type { OrderStore } from "./orders/types.ts";
import type { QuoteStore } from "./quotes/types.ts";
import type { SharedNames } from "./stores.server.ts";

describe("the stores bundle", () => {
  // `Stores` compiles only when SharedNames of its parts is never (stores.server.ts): these lines,
  // checked by `npm run typecheck`, make sure the finder itself finds a clash wherever it sits.
  test("a method two stores declare is found by its name", () => {
    expectTypeOf<
      SharedNames<[{ findById(): void; a: 1 }, { b: 2 }, { findById(): void }]>
    >().toEqualTypeOf<"findById">();
    expectTypeOf<SharedNames<[{ a: 1 }, { b: 2; close(): void }, { close(): void; c: 3 }]>>().toEqualTypeOf<"close">();
    expectTypeOf<SharedNames<[{ a: 1; b: 2 }, { c: 3 }, { a: 1 }, { b: 2 }]>>().toEqualTypeOf<"a" | "b">();
  });

  test("stores with names of their own share none", () => {
    expectTypeOf<SharedNames<[OrderStore, QuoteStore]>>().toBeNever();
    expectTypeOf<SharedNames<[]>>().toBeNever();
  });
});
