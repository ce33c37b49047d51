import { data } from "react-router";
import type { Route } from "./+types/admin-orders-csv";
import { readFilter } from "../admin/order-filter.ts";
import { exportCsv } from "../admin/orders-export.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { adminT } from "../admin/request.server.ts";
import { csvFormatName } from "../ops/orders-csv.server.ts";
import { noPostsHere } from "../admin/no-posts.server.ts";
import { servicesOf } from "../services-context.ts";

/**
 * The filtered list as CSV: the same export as `npm run orders -- --csv`, in the owner's
 * spreadsheet format (OWNER_LANG), or `?format=raw` for the comma/English-columns one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const url = new URL(request.url);
  const format = csvFormatName(url.searchParams.get("format"));
  if (!format) throw data(adminT(context)("errors.badRequest"), { status: 400 });
  const csv = await exportCsv(readFilter(url), format, await servicesOf(context, { repo: ["backOffice"] }));
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${stamp}.csv"`,
    },
  });
}

export const action = noPostsHere;
