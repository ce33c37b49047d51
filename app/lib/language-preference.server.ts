import type { MiddlewareFunction } from "react-router";
import { resolveRequestLanguage } from "../i18n/resolve.ts";
import { languageCookie } from "./cookies.server.ts";
import { requestInfoContext } from "./request-context.ts";

/**
 * Remembers a language the visitor chose (path suffix or ?lang=) in a cookie, and marks responses
 * whose language came from the cookie or Accept-Language as varying on them.
 */
export const languagePreferenceMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const { lang, source } = resolveRequestLanguage(request);
  if (source === "path" || source === "query") {
    response.headers.append("Set-Cookie", languageCookie(lang, context.get(requestInfoContext).secure));
  } else {
    response.headers.append("Vary", "Cookie, Accept-Language");
  }
  return response;
};
