import type { Route } from "./+types/api-v1-order-status";
import { methodNotAllowed, setWorkStatus, withToken } from "../api/api.server.ts";
import { servicesOf } from "../services-context.ts";

export const loader = () => methodNotAllowed("POST");

/** POST /api/v1/orders/{id}/status (docs/api.md): the work is under way; the body is read after the token is checked. */
export const action = ({ request, context, params }: Route.ActionArgs) =>
  withToken(
    request,
    context,
    () => servicesOf(context, { repo: ["api", "delivery", "backOffice", "orders"], limits: true, links: true }),
    (token, services) => setWorkStatus(request, token, params.id, services),
  );
