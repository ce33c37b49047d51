import { randomBytes, randomUUID } from "node:crypto";
import type http from "node:http";
import path from "node:path";
import { createRequestHandler as createExpressHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import type { RequestInfo } from "../app/lib/request-context.ts";
import { routeHeadersReplaceSiteHeaders, securityHeaders } from "./security-headers.ts";

declare module "node:http" {
  interface ServerResponse {
    locals: Record<string, unknown>;
  }
}

export interface ReactRouterOptions {
  build: ServerBuild;
  mode: "development" | "production";
  /** The request's React Router context: its information and the app's services. */
  loadContext: (
    info: RequestInfo,
  ) => ReturnType<NonNullable<Parameters<typeof createExpressHandler>[0]["getLoadContext"]>>;
  /** Serves the browser files: Vite's middleware in development; without it, `clientDir` as production does. */
  assets?: express.RequestHandler;
  clientDir: string;
  trustProxy: boolean | number | string | string[];
}

/** What a live render knows of its request beyond the URL: who asked, over what. */
export interface LiveRequest {
  requestId: string;
  https: boolean;
  clientIp: string;
  secure: boolean;
}

/** Renders a request live with React Router (createReactRouterHandler). */
export type LiveRenderer = (req: http.IncomingMessage, res: http.ServerResponse, live: LiveRequest) => void;

/**
 * Everything not answered from memory: Express with the browser files, then React Router, which
 * renders the page live with this request's nonce (in its CSP header and its inline scripts) and
 * a fresh form token. The front's own checks ran before; a route's own security headers replace
 * the site's rather than doubling them (server/security-headers.ts).
 */
export function createReactRouterHandler({
  build,
  mode,
  loadContext,
  assets,
  clientDir,
  trustProxy,
}: ReactRouterOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  app.use(compression());
  if (assets) app.use(assets);
  else {
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  }
  app.use((_req, res, next) => {
    routeHeadersReplaceSiteHeaders(res);
    next();
  });
  app.use(
    createExpressHandler({ build, mode, getLoadContext: (_req, res) => loadContext(res.locals.info as RequestInfo) }),
  );

  return function renderLive(req: http.IncomingMessage, res: http.ServerResponse, live: LiveRequest) {
    const nonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", live.requestId);
    for (const [name, value] of Object.entries(securityHeaders({ nonce, https: live.https })))
      res.setHeader(name, value);
    const info: RequestInfo = {
      nonce,
      formToken: randomUUID(),
      requestId: live.requestId,
      clientIp: live.clientIp,
      secure: live.secure,
    };
    res.locals = { info };
    app(req as express.Request, res as express.Response);
  };
}
