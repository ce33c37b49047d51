import { data } from "react-router";
import type { Route } from "./+types/order-file";
import { downloadResponse, openOrderFile } from "../delivery/work.server.ts";
import { orderOfPageToken } from "../orders/order-page.server.ts";
import { getOrderServices } from "../services.server.ts";

/** A file of the order, for the holder of the order page's signed link only: always a download. */
export async function loader({ params }: Route.LoaderArgs) {
  const services = await getOrderServices();
  const order = await orderOfPageToken(params.token, services);
  const file = order ? await openOrderFile(order.id, params.fileId, services) : null;
  if (!file) throw data(null, { status: 404 });
  return downloadResponse(file.record, file.stored);
}
