import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { PageViewCount, StatsStore } from "./types.ts";

/** The funnel's counters over the one Kysely database (SQLite or PostgreSQL). */
export function statsStore(db: Kysely<Database>): StatsStore {
  return {
    async addPageViews(counts: readonly PageViewCount[]): Promise<void> {
      if (!counts.length) return;
      // Rows in one order for every instance: two concurrent flushes on PostgreSQL then lock the rows
      // they share in the same order (no deadlock), and each adds its own counts (no lost update: the
      // increment is `views + excluded.views`, computed by the database under the row's lock).
      const rows = [...counts].sort(
        (a, b) => a.day.localeCompare(b.day) || a.page.localeCompare(b.page) || a.lang.localeCompare(b.lang),
      );
      for (let at = 0; at < rows.length; at += 500) {
        await db
          .insertInto("page_views")
          .values(rows.slice(at, at + 500).map(({ day, page, lang, views }) => ({ day, page, lang, views })))
          .onConflict((conflict) =>
            conflict
              .columns(["day", "page", "lang"])
              .doUpdateSet((eb) => ({ views: eb("page_views.views", "+", eb.ref("excluded.views")) })),
          )
          .execute();
      }
    },

    async pageViewTotals(fromDay: string, toDay: string): Promise<Array<Omit<PageViewCount, "day">>> {
      const rows = await db
        .selectFrom("page_views")
        .select((eb) => ["page", "lang", eb.fn.sum<number>("views").as("views")])
        .where("day", ">=", fromDay)
        .where("day", "<=", toDay)
        .groupBy(["page", "lang"])
        .execute();
      return rows.map((row) => ({ page: row.page, lang: row.lang, views: Number(row.views) }));
    },
  };
}
