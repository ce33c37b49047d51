import { createContext, RouterContextProvider } from "react-router";

/**
 * Per-request values the Node server hands to the app (CSP nonce, order form token, client IP,
 * request id). The nonce and the form token are fresh for each response: a page the server keeps
 * in memory is rendered with markers there and gets its own values per response (server/render-cache.ts).
 */
export interface RequestInfo {
  nonce: string;
  /** The order form's submission token (a random UUID): one per form shown, so a double post is one order. */
  formToken: string;
  requestId: string;
  clientIp: string;
  secure: boolean;
}

export const requestInfoContext = createContext<RequestInfo>({
  nonce: "",
  formToken: "",
  requestId: "",
  clientIp: "",
  secure: false,
});

export function createLoadContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}
