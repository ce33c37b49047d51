import type { Route } from "./+types/api-v1-order-deliveries";
import { deliverOrder, methodNotAllowed, withToken } from "../api/api.server.ts";
import { servicesOf } from "../services-context.ts";

export const loader = () => methodNotAllowed("POST");

/** POST /api/v1/orders/{reference}/deliveries (docs/api.md): the body is read only after the token is checked. */
export const action = ({ request, context, params }: Route.ActionArgs) =>
  withToken(
    request,
    context,
    () =>
      servicesOf(context, {
        repo: ["api", "delivery", "backOffice", "orders"],
        limits: true,
        links: true,
        files: true,
        worker: true,
      }),
    (token, services) => deliverOrder(request, token, params.id, services),
  );
