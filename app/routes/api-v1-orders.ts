import type { Route } from "./+types/api-v1-orders";
import { listOrdersToDeliver, methodNotAllowed, withToken } from "../api/api.server.ts";

/** GET /api/v1/orders?state=to-deliver (docs/api.md). */
export const loader = ({ request, context }: Route.LoaderArgs) => withToken(request, context, () => listOrdersToDeliver(request));

export const action = () => methodNotAllowed("GET");
