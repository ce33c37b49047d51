import { createContext, RouterContextProvider } from "react-router";

/** Per-request values the Node server hands to the app (CSP nonce, client IP, request id). */
export interface RequestInfo {
  nonce: string;
  requestId: string;
  clientIp: string;
  secure: boolean;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "", clientIp: "", secure: false });

export function createLoadContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}
