import type { Route } from "./+types/api-v1-quote";
import { getQuote, methodNotAllowed, withToken } from "../api/api.server.ts";
import { servicesOf } from "../services-context.ts";

/** GET /api/v1/quotes/{id} (docs/api.md): a quote request with its proposals and their states. */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  withToken(
    request,
    context,
    () => servicesOf(context, { repo: ["api", "quotes", "proposals"], limits: true, links: true }),
    (_token, services) => getQuote(params.id, services),
  );

export const action = () => methodNotAllowed("GET, HEAD");
