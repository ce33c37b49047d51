import type { Route } from "./+types/api-v1-quotes";
import { listQuotes, methodNotAllowed, withToken, API_NEEDS } from "../api/api.server.ts";
import { servicesOf } from "../services-context.ts";

/** GET /api/v1/quotes (docs/api.md). */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  withToken(
    request,
    context,
    () => servicesOf(context, API_NEEDS),
    (_token, services) => listQuotes(request, services),
  );

export const action = () => methodNotAllowed("GET, HEAD");
