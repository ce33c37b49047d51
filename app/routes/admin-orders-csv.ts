import { data } from "react-router";
import type { Route } from "./+types/admin-orders-csv";
import { readFilter } from "../admin/order-filter.ts";
import { exportCsv } from "../admin/orders.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { adminLang } from "../admin/request.server.ts";

/** The filtered list as CSV: the same export as `npm run orders -- --csv`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const csv = await exportCsv(readFilter(new URL(request.url)));
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${stamp}.csv"`,
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireForm(request, [], adminLang(context));
  await requireOwner(context);
  throw data(null, { status: 405 });
}
