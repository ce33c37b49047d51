import type { Route } from "./+types/api-v1-quote-proposals";
import { methodNotAllowed, proposeQuote, withToken } from "../api/api.server.ts";
import { servicesOf } from "../services-context.ts";

export const loader = () => methodNotAllowed("POST");

/** POST /api/v1/quotes/{id}/proposals (docs/api.md): the body is read only after the token is checked. */
export const action = ({ request, context, params }: Route.ActionArgs) =>
  withToken(
    request,
    context,
    () =>
      servicesOf(context, {
        repo: ["api", "quotes", "proposals", "backOffice"],
        limits: true,
        links: true,
        worker: true,
        webhooksOut: true,
      }),
    (token, services) => proposeQuote(request, token, params.id, services),
  );
