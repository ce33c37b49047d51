import type { Route } from "./+types/api-v1-orders";
import { listOrders, methodNotAllowed, withToken } from "../api/api.server.ts";
import { servicesOf } from "../services-context.ts";

/** GET /api/v1/orders: a page of orders (docs/api.md). */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  withToken(
    request,
    context,
    () => servicesOf(context, { repo: ["api", "delivery", "backOffice"], limits: true, links: true }),
    (_token, services) => listOrders(request, services),
  );

export const action = () => methodNotAllowed("GET, HEAD");
