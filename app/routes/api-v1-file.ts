import type { Route } from "./+types/api-v1-file";
import { downloadFile, methodNotAllowed } from "../api/api.server.ts";
import { servicesOf } from "../services-context.ts";

/**
 * GET /api/v1/files/{link} (docs/api.md): a file of an order, by the short-lived signed link an
 * order's answer gave; the link is the credential, so no bearer token (a workflow hands it to its
 * next step, which may not hold one).
 */
export const loader = async ({ params, context }: Route.LoaderArgs) =>
  downloadFile(params.link, await servicesOf(context, { repo: ["delivery"], files: true, links: true }));

export const action = () => methodNotAllowed("GET, HEAD");
