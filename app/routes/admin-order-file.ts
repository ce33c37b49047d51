import { data } from "react-router";
import type { Route } from "./+types/admin-order-file";
import { requireOwner } from "../auth/session.server.ts";
import { downloadResponse, openOrderFile } from "../delivery/work.server.ts";
import { servicesOf } from "../services-context.ts";

/** A file of an order (the customer's brief or a delivery), for the signed-in owner: always a download. */
export async function loader({ params, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const file = await openOrderFile(
    params.orderId,
    params.fileId,
    await servicesOf(context, { repo: ["delivery"], files: true }),
  );
  if (!file) throw data(null, { status: 404 });
  return downloadResponse(file.record, file.stored);
}
