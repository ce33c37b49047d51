import { problem } from "../api/api.server.ts";

/** Any other path under /api/ (/api/v2/…, a typo): a problem+json 404, not the site's HTML page. */
export const loader = () => problem(404, "no_such_endpoint", "No such endpoint (see /api/v1/openapi.json)");

export const action = loader;
