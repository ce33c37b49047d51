import type { Route } from "./+types/api-v1-order";
import { getOrder, methodNotAllowed, withToken } from "../api/api.server.ts";
import { servicesOf } from "../services-context.ts";

/** GET /api/v1/orders/{reference} (docs/api.md). */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  withToken(
    request,
    context,
    () => servicesOf(context, { repo: ["api", "delivery", "backOffice"], limits: true, links: true }),
    (_token, services) => getOrder(params.id, services),
  );

export const action = () => methodNotAllowed("GET, HEAD");
