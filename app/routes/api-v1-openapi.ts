import { methodNotAllowed, openApi } from "../api/api.server.ts";

/** The API's OpenAPI 3.1 document, generated from the schemas the handlers use (public: it holds no data). */
export const loader = () => openApi();

export const action = () => methodNotAllowed("GET, HEAD");
