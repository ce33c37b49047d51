import type { Route } from "./+types/api-v1-quotes";
import { listQuotes, methodNotAllowed, withToken } from "../api/api.server.ts";
import { servicesOf } from "../services-context.ts";

/** GET /api/v1/quotes (docs/api.md). */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  withToken(
    request,
    context,
    () => servicesOf(context, { repo: ["api", "proposals"], limits: true, links: true }),
    (_token, services) => listQuotes(request, services),
  );

export const action = () => methodNotAllowed("GET, HEAD");
