// The Node front of the site, one module per concern under server/ (docs/architecture.md), composed
// here: kept pages, request checks, body limits, same-origin, canonical redirects, the front's own
// answers, React Router, visits, logs, connections. Bundled with the app into build/server/index.js
// (vite.config.ts); server/index.ts runs it (server/serve.ts), in development as Vite loads it with
// its middleware serving the browser files: the same headers, limits, checks and counts in both.
import { randomBytes } from "node:crypto";
import type http from "node:http";
import path from "node:path";
import type express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Front } from "./serve.ts";
import { apiAllow, frontProblem, isApiTarget } from "../app/api/front.ts";
import { formatReadiness, readiness } from "../app/config/readiness.server.ts";
import { bodyCapFor } from "../app/http/read-form.server.ts";
import { THANK_YOU_PATHS, pageForPath } from "../app/i18n/site-map.ts";
import { assertWritableDirWithin } from "../app/lib/data-dir.server.ts";
import { getEnv } from "../app/lib/env.server.ts";
import { logger, redactUrl, withRequestId } from "../app/lib/logger.server.ts";
import { createLoadContext, type RequestInfo } from "../app/lib/request-context.ts";
import { paidThankYouKey } from "../app/orders/thank-you-details.server.ts";
import { getOrderServices } from "../app/services.server.ts";
import { provideServices } from "../app/services-context.ts";
import { INTERNAL_ERROR, redirect, refuse, type AnswerOf } from "./answers.ts";
import { createCanonicalRedirect } from "./canonical-redirect.ts";
import { createClientError } from "./client-error.ts";
import { createProxyTrust } from "./client-ip.ts";
import { createConnectionLimit } from "./connection-limit.ts";
import { createKeptPages } from "./kept-pages.ts";
import { createReactRouterHandler, type LiveRenderer } from "./react-router.ts";
import { logAnswer } from "./request-log.ts";
import { hostRefusal, parseTarget, refusalOf } from "./request-target.ts";
import { countVisit, liveVisit } from "./visits.ts";

const env = getEnv();
// The owner configuration must be valid; a live site must not show placeholders (docs/going-live.md).
// Checked before the routes load: their modules read the configuration as they are imported.
const ready = readiness(env);
if (ready.errors.length || ready.problems.length) {
  console.error(formatReadiness(ready));
  process.exit(1);
}
const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
const entry = build.entry.module as unknown as { shutdown?: () => Promise<void>; start?: () => Promise<void> };
/** React Router's error details and Vite's critical CSS in development (`npm run dev`), terse in production. */
const mode = process.env.NODE_ENV === "development" ? "development" : "production";
const secureCookies = env.PUBLIC_ORIGIN.startsWith("https:");
const publicHost = new URL(env.PUBLIC_ORIGIN).host;
const proxies = createProxyTrust(env.TRUST_PROXY);
const loadContext = (info: RequestInfo) => provideServices(createLoadContext(info), getOrderServices);
const bootId = randomBytes(3).toString("hex");
let sequence = 0;
const nextRequestId = () => `${bootId}-${(++sequence).toString(36)}`;

/** Exact paths of the site's pages: marketing pages (no trailing slash) and the fixed dynamic ones. */
const FIXED_PATHS = new Set([
  "/commander",
  "/sitemap.xml",
  "/robots.txt",
  "/healthz",
  ...Object.values(THANK_YOU_PATHS),
]);
const canonicalLocation = createCanonicalRedirect(
  (p) => FIXED_PATHS.has(p) || (pageForPath(p) !== undefined && !p.endsWith("/")),
);

const renderPage = createRequestHandler(build, mode);
const kept = createKeptPages({
  render: (request, info) => renderPage(request, loadContext(info)),
  paidThankYouKey: async (sessionId, lang) => paidThankYouKey((await getOrderServices()).repo, sessionId, lang),
  secureCookies,
  isHttps: (req) => proxies.isHttps(req),
});

/** Every request the first look did not answer from memory: checked in order, then kept or rendered live. */
async function handle(renderLive: LiveRenderer, req: http.IncomingMessage, res: http.ServerResponse, of: AnswerOf) {
  const answer = { started: performance.now(), path: redactUrl(req.url ?? ""), fromMemory: false };
  res.on("finish", () => {
    // Pages rendered live (a query string, a form's draft): counted once answered.
    countVisit(req, res.statusCode, () => liveVisit(req));
    logAnswer(req, res, of.requestId, answer);
  });

  const url = parseTarget(req);
  if (!(url instanceof URL)) return refuse(req, res, url, of);
  const refusal = refusalOf(
    req,
    url.pathname,
    { bodyCap: bodyCapFor, https: of.https, publicOrigin: env.PUBLIC_ORIGIN },
    of.problem && apiAllow,
  );
  if (refusal) return refuse(req, res, refusal, of);
  if (req.method !== "POST") {
    const location = canonicalLocation(url.pathname, url.search);
    if (location) return redirect(res, location, of);
    // A page the same for every visitor is answered from memory; a failed render is reported and rendered live.
    try {
      if ((answer.fromMemory = await kept.serve(req, res, url, of.https, of.requestId))) return;
    } catch (error) {
      logger().error({ err: error }, "page kept in memory failed");
    }
  }
  const badHost = hostRefusal(req, { publicHost, fromTrustedProxy: proxies.fromTrustedProxy(req) });
  if (badHost) return refuse(req, res, badHost, of);
  renderLive(req, res, { ...of, clientIp: proxies.clientIp(req), secure: secureCookies });
}

/**
 * The front server/serve.ts runs. `assets` serves the browser files in development (Vite's
 * middleware: modules, HMR, public/); without it, build/client is served as production does.
 * Everything else — headers, limits, same-origin check, canonical redirects, caches, counts — is
 * the same code in both.
 */
export function createFront(assets?: express.RequestHandler): Front {
  // Once bundled this file is build/server/index.js: the browser files are in build/client.
  const clientDir = path.resolve(import.meta.dirname, "../client");
  const renderLive = createReactRouterHandler({
    build,
    mode,
    loadContext,
    assets,
    clientDir,
    trustProxy: env.TRUST_PROXY,
  });
  return {
    port: env.PORT,
    host: env.HOST,
    prepare: () => assertWritableDirWithin(path.resolve(env.DATA_DIR), 10_000),
    handle(req, res) {
      const requestId = nextRequestId();
      if (kept.fromMemory(req, res, requestId)) return;
      const of = { https: proxies.isHttps(req), requestId, problem: isApiTarget(req.url) ? frontProblem : undefined };
      // Everything this request runs, the app's loaders and actions included, logs with its id.
      withRequestId(requestId, () =>
        handle(renderLive, req, res, of).catch((error) => {
          logger().error({ err: error }, "request failed");
          if (!res.headersSent) refuse(req, res, INTERNAL_ERROR, of);
          else res.destroy();
        }),
      );
    },
    admit: createConnectionLimit(env.CONNECTIONS_PER_CLIENT, (address) => proxies.isTrustedPeer(address)),
    clientError: createClientError((target, status) => (isApiTarget(target) ? frontProblem(status) : null)),
    // The app's start-up checks (DATA_DIR, database): a site that cannot store an order exits.
    start: async () => entry.start?.(),
    shutdown: async () => entry.shutdown?.(),
    listening: (url) => logger().info({ demo: !env.STRIPE_SECRET_KEY }, `listening on ${url}`),
    log: (message) => logger().info(message),
  };
}
