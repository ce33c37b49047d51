import type { Route } from "./+types/api-v1-orders";
import { listOrdersToDeliver, methodNotAllowed, withToken } from "../api/api.server.ts";
import { servicesOf } from "../services-context.ts";

/** GET /api/v1/orders?state=to-deliver (docs/api.md). */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  withToken(
    request,
    context,
    () => servicesOf(context),
    (_token, services) => listOrdersToDeliver(request, services),
  );

export const action = () => methodNotAllowed("GET");
