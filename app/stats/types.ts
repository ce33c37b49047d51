/** One counter of the funnel: views of a page (or openings of an order form) on a day, in a language. */
export interface PageViewCount {
  /** YYYY-MM-DD in the business's time zone. */
  day: string;
  /** A marketing page id (`short-videos`), or `order-form:{offer}` for the order form of an offer. */
  page: string;
  lang: string;
  views: number;
}

/** The funnel's counts in the database: one row per day, page and language, shared by every instance. */
export interface StatsStore {
  /** Adds counts to their rows (created at zero when missing) in one atomic upsert per row. */
  addPageViews(counts: readonly PageViewCount[]): Promise<void>;
  /** The views per page and language from `fromDay` to `toDay` (inclusive), summed over the days. */
  pageViewTotals(fromDay: string, toDay: string): Promise<Array<Omit<PageViewCount, "day">>>;
}
