import { getEnv } from "../lib/env.server.ts";
import { translator } from "../i18n/translator.server.ts";
import { EXPORT_PAGE, csvFormat, ordersCsvStream, type CsvFormatName } from "../ops/orders-csv.server.ts";
import type { StoresOf } from "../services.server.ts";
import type { OrderFilter } from "./order-filter.ts";

// Apart from orders.server.ts: the export runs operator code (app/ops/), which the API in, a user
// of the order actions, must not reach (tools/transitive-boundaries.test.ts).

/** Every order matching the filter (all pages), in the CLI's CSV format (`format`), streamed page by page. */
export async function exportCsv(
  filter: OrderFilter,
  format: CsvFormatName,
  { repo }: { repo: StoresOf<"backOffice"> },
): Promise<ReadableStream<Uint8Array>> {
  return ordersCsvStream(
    repo,
    { state: filter.state, toDeliver: filter.toDeliver, search: filter.search },
    EXPORT_PAGE,
    csvFormat(format, getEnv().OWNER_LANG, translator(getEnv().OWNER_LANG, "admin"), getEnv().OWNER_TIME_ZONE),
  );
}
