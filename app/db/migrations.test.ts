import { describe, expect, test } from "vitest";
import { migrationProvider } from "./migrations.server.ts";

describe("schema migrations", () => {
  test("numbered 001, 002, … without gaps or twins (Kysely applies them in name order)", async () => {
    for (const dialect of ["sqlite", "postgres"] as const) {
      const names = Object.keys(await migrationProvider(dialect).getMigrations());
      // Two branches that both add "005-…" would make an upgraded database refuse to start.
      expect(names.map((name) => name.slice(0, 4))).toEqual(names.map((_, i) => `${String(i + 1).padStart(3, "0")}-`));
      expect([...names].sort()).toEqual(names);
    }
  });
});
