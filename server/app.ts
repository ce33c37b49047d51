// The Node front of the site: security headers, the page cache, limits, proxy trust and logs.
// Bundled with the app into build/server/index.js (vite.config.ts), as React Router's
// node-custom-server template does, so the process holds one copy of the configuration, the site
// map and the language resolver. server/index.ts runs it (server/serve.ts): in production from the
// build, in development as Vite loads this file (vite.ssrLoadModule), with Vite's middleware in
// place of the built browser files: the same headers, limits, checks and counts in both.
import { randomBytes } from "node:crypto";
import type http from "node:http";
import type net from "node:net";
import path from "node:path";
import { createRequestHandler as createExpressHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Front } from "./serve.ts";
import { formatReadiness, readiness } from "../app/config/readiness.server.ts";
import { assertWritableDirWithin } from "../app/lib/data-dir.server.ts";
import { bodyCapFor } from "../app/http/read-form.server.ts";
import { languageFromPath, resolveLanguage } from "../app/i18n/resolve.ts";
import { pageForPath, THANK_YOU_PATHS } from "../app/i18n/site-map.ts";
import { getEnv } from "../app/lib/env.server.ts";
import { logger, logRequest, redactUrl, withRequestId } from "../app/lib/logger.server.ts";
import { createLoadContext, type RequestInfo } from "../app/lib/request-context.ts";
import { orderFormTemplateKey, orderFormTemplateRequest, TOKEN_PLACEHOLDER } from "../app/orders/form-template.ts";
import { paidThankYouKey } from "../app/orders/thank-you-details.server.ts";
import { getOrderServices } from "../app/services.server.ts";
import { isVisit, orderFormPage, pageViews } from "../app/stats/page-views.server.ts";
import { isOfferId } from "../app/content/offers.ts";
import { createCanonicalRedirect } from "./canonical-redirect.ts";
import { createProxyTrust } from "./client-ip.ts";
import { createOrderFormCache } from "./form-cache.ts";
import { headerList, PageCache, pickEncoding, type CachedPage } from "./page-cache.ts";
import { isCrossSitePost } from "./same-origin.ts";
import { routeHeadersReplaceSiteHeaders, securityHeaders } from "./security-headers.ts";
import { createThankYouPage } from "./thank-you-page.ts";

const env = getEnv();
// The owner configuration must be valid; a live site must not show placeholders (docs/going-live.md).
// Checked before the routes load: their modules read the configuration as they are imported.
const ready = readiness(env);
if (ready.errors.length || ready.problems.length) {
  console.error(formatReadiness(ready));
  process.exit(1);
}
const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
const entry = build.entry.module as unknown as {
  shutdown?: () => Promise<void>;
  start?: () => Promise<void>;
};
// Once bundled this file is build/server/index.js: the browser files are in build/client.
const clientDir = path.resolve(import.meta.dirname, "../client");
/** React Router's error details and Vite's critical CSS in development (`npm run dev`), terse in production. */
const mode = process.env.NODE_ENV === "development" ? "development" : "production";

const secureCookies = env.PUBLIC_ORIGIN.startsWith("https:");
const publicHost = new URL(env.PUBLIC_ORIGIN).host;

let sequence = 0;
const bootId = randomBytes(3).toString("hex");
const nextRequestId = () => `${bootId}-${(++sequence).toString(36)}`;

const proxies = createProxyTrust(env.TRUST_PROXY);

/** Exact paths of the site's pages: marketing pages (no trailing slash) and the fixed dynamic ones. */
const FIXED_PATHS = new Set(["/commander", "/sitemap.xml", "/robots.txt", "/healthz", ...Object.values(THANK_YOU_PATHS)]);
const canonicalLocation = createCanonicalRedirect((p) => FIXED_PATHS.has(p) || (pageForPath(p) !== undefined && !p.endsWith("/")));

// ---- slow path: Express + React Router for everything that is not a cached page ----
/** Express with the browser files (`assets`: Vite's middleware in development, build/client otherwise), then React Router. */
function slowPath(assets: express.RequestHandler | undefined): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
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
    createExpressHandler({
      build,
      mode,
      getLoadContext: (_req, res) => createLoadContext(res.locals.info as RequestInfo),
    }),
  );
  return app;
}

// ---- fast path: marketing pages rendered once, served from memory ----
const cache = new PageCache();
const renderPage = createRequestHandler(build, mode);
const serveThankYou = createThankYouPage({
  paths: new Set(Object.values(THANK_YOU_PATHS)),
  paidOrderKey: async (sessionId, pathname) => paidThankYouKey((await getOrderServices()).repo, sessionId, languageFromPath(pathname) ?? ""),
  render: (request, nonce, requestId) => renderPage(request, createLoadContext({ nonce, requestId, clientIp: "", secure: secureCookies })),
});

async function serveCachedPage(req: http.IncomingMessage, res: http.ServerResponse, url: URL, https: boolean): Promise<boolean> {
  const key = pageKey(url.pathname, req);
  const page =
    cache.get(key) ??
    (await cache.fill(key, () => {
      // Render with only what decides the language, so the result is the same for every visitor.
      const headers = new Headers({ "accept-language": key.split("|")[1]! });
      const info: RequestInfo = { nonce: "", requestId: String(res.getHeader("X-Request-Id")), clientIp: "", secure: secureCookies };
      return renderPage(new Request(url.origin + url.pathname, { headers }), createLoadContext(info));
    }));
  if (!page) return false;
  // The request target was exactly this canonical path: later requests for it take the fast path.
  if (req.url === url.pathname) cachedPaths.add(url.pathname);
  sendPage(req, res, page, https, String(res.getHeader("X-Request-Id")));
  countVisit(req, page.status, () => visitOf(key, url.pathname));
  return true;
}

/** The cache key of a page: its path and the language a visitor gets there (forced by the path, or negotiated). */
function pageKey(pathname: string, req: http.IncomingMessage): string {
  const { lang, source } = resolveLanguage({ pathname, cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
  return `${pathname}|${lang}|${source === "path" ? "forced" : "negotiated"}`;
}

function sendPage(req: http.IncomingMessage, res: http.ServerResponse, page: CachedPage, https: boolean, requestId: string) {
  const security = BASE_HEADERS[https ? 1 : 0];
  if (req.headers["if-none-match"] === page.etag) {
    res.writeHead(304, headerList(page, security, https, "not-modified").concat("X-Request-Id", requestId));
    res.end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  res.writeHead(page.status, headerList(page, security, https, encoding).concat("X-Request-Id", requestId));
  res.end(req.method === "HEAD" ? undefined : page[encoding]);
}

/**
 * Request targets already served from the cache that are exactly a canonical page path (no query,
 * no variant spelling): handle() would parse them, find no redirect and serve the cache. The fast
 * path below goes straight to the cache for them (CPU profile); anything else, or a
 * page not cached for this visitor's language yet, takes handle().
 */
const cachedPaths = new Set<string>();

/** The funnel's (page, language) of a page-cache key, looked up once per key (the keys are few: pages × languages). */
const visits = new Map<string, readonly [string, string]>();
function visitOf(key: string, pathname: string): readonly [string, string] {
  let visit = visits.get(key);
  if (!visit) visits.set(key, (visit = [pageForPath(pathname)!.id, key.split("|")[1]!]));
  return visit;
}

function serveFromMemory(req: http.IncomingMessage, res: http.ServerResponse, requestId: string): boolean {
  const { method, url } = req;
  if ((method !== "GET" && method !== "HEAD") || !url || !cachedPaths.has(url)) return false;
  const started = performance.now();
  const key = pageKey(url, req);
  const page = cache.get(key);
  if (!page) return false;
  sendPage(req, res, page, proxies.isHttps(req), requestId);
  countVisit(req, page.status, () => visitOf(key, url));
  logRequest({ reqId: requestId, method, path: url, status: res.statusCode, ms: Math.round((performance.now() - started) * 10) / 10, cache: true });
  return true;
}

const serveOrderForm = createOrderFormCache({
  placeholder: TOKEN_PLACEHOLDER,
  templateFor: (url, req) => orderFormTemplateKey(url, req.headers),
  render: (url, lang) => {
    const { request, context } = orderFormTemplateRequest(url, lang, secureCookies);
    return renderPage(request, context);
  },
  onError: (error) => logger().error({ err: error }, "order form template failed"),
  // The funnel's "order form opened": the offer of the template's query, in the language it shows.
  onServed: (req, url, lang) => countVisit(req, 200, () => [orderFormPage(url.searchParams.get("offre")!), lang]),
});

/** The nonce-less security headers, computed once: [plain http, https]. */
const BASE_HEADERS = [Object.entries(securityHeaders({ https: false })), Object.entries(securityHeaders({ https: true }))] as const;

function reject(res: http.ServerResponse, status: number, message: string) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(message);
}

function isValidHost(host: string) {
  try {
    return new URL(`http://${host}/`).host !== "";
  } catch {
    return false;
  }
}

async function handle(app: express.Express, req: http.IncomingMessage, res: http.ServerResponse, requestId: string) {
  const started = performance.now();
  res.setHeader("X-Request-Id", requestId);
  const path = redactUrl(req.url ?? "");
  res.on("finish", () => {
    // Pages rendered live (a query string, a form's draft): counted once answered.
    countVisit(req, res.statusCode, () => liveVisit(req));
    const ms = Math.round((performance.now() - started) * 10) / 10;
    logRequest({ reqId: requestId, method: req.method, path, status: res.statusCode, ms, cache: res.getHeader("X-Page-Cache") === "hit" || undefined });
  });

  const https = proxies.isHttps(req);
  // Every response, refusals included, carries the security headers; dynamic pages add a nonce below.
  for (const [name, value] of BASE_HEADERS[https ? 1 : 0]) res.setHeader(name, value);

  let url: URL;
  try {
    url = new URL(req.url ?? "/", "http://localhost");
    decodeURIComponent(url.pathname);
  } catch {
    return reject(res, 400, "Bad request");
  }
  if (url.pathname.startsWith("//")) return reject(res, 400, "Bad request");
  // Absolute-form ("http://host/x") and asterisk-form ("*") targets: keep only path and query.
  if (!req.url?.startsWith("/")) req.url = url.pathname + url.search;
  const method = req.method ?? "GET";
  // The site only reads pages and takes form posts; other methods would reach React Router's error
  // rendering without its middleware context (a 500).
  if (method !== "GET" && method !== "HEAD" && method !== "POST") {
    res.setHeader("Allow", "GET, HEAD, POST");
    return reject(res, 405, "Method not allowed");
  }

  if (method === "POST") {
    const length = Number(req.headers["content-length"] ?? NaN);
    if (req.headers["transfer-encoding"] && !Number.isFinite(length)) return reject(res, 411, "Length required");
    // The cap of the path (app/http/read-form.server.ts): forms 64 KB, Stripe's webhook more.
    if (length > bodyCapFor(url.pathname)) {
      res.setHeader("Connection", "close");
      return reject(res, 413, "Request body too large");
    }
    if (isCrossSitePost(req, url.pathname, { https, publicOrigin: env.PUBLIC_ORIGIN })) return reject(res, 403, "Cross-site form submissions are not accepted");
  }

  if (method === "GET" || method === "HEAD") {
    const location = canonicalLocation(url.pathname, url.search);
    if (location) {
      res.statusCode = 301;
      res.setHeader("Location", location);
      res.setHeader("Cache-Control", "public, max-age=3600");
      return res.end();
    }
  }

  // The order form: rendered once per (offer, language), a fresh token per request (form-cache.ts).
  if ((method === "GET" || method === "HEAD") && url.pathname === "/commander" && (await serveOrderForm(req, res, url))) return;

  if ((method === "GET" || method === "HEAD") && !url.search && pageForPath(url.pathname)) {
    try {
      if (await serveCachedPage(req, res, url, https)) return;
    } catch (error) {
      logger().error({ err: error }, "page cache render failed");
    }
  }

  if (method === "GET" && url.search) {
    try {
      if (await serveThankYou(req, res, url, https, requestId)) return;
    } catch (error) {
      logger().error({ err: error }, "thank-you page from memory failed");
    }
  }

  // React Router builds the request URL from Host (and X-Forwarded-Host behind a trusted proxy): an
  // unparsable one is the client's error, not a 500. HTTP/1.0 clients may send none: use ours.
  if (!req.headers.host) req.headers.host = publicHost;
  if (!isValidHost(req.headers.host) || (proxies.fromTrustedProxy(req) && req.headers["x-forwarded-host"] && !isValidHost(String(req.headers["x-forwarded-host"])))) {
    return reject(res, 400, "Bad request");
  }

  const nonce = randomBytes(16).toString("base64");
  for (const [name, value] of Object.entries(securityHeaders({ nonce, https }))) res.setHeader(name, value);
  const info: RequestInfo = { nonce, requestId, clientIp: proxies.clientIp(req), secure: secureCookies };
  res.locals = { info };
  app(req as express.Request, res as express.Response);
}

/** Requests whose view was counted where they were served (the page cache, the form template), so the answer's "finish" does not count them again. */
const counted = new WeakSet<http.IncomingMessage>();

/**
 * The funnel's one count (app/stats; a Map increment, nothing about the visitor kept): a browser's
 * view of a page answered 200, or 304 (the browser revalidated its copy), once per request. Every
 * way a page is served calls it; `visit` names the (page, language) shown — the caches know it from
 * their key, a page rendered live reads it from its URL — and is asked only for a view that counts.
 */
function countVisit(req: http.IncomingMessage, status: number, visit: () => readonly [page: string, lang: string] | undefined) {
  if ((status !== 200 && status !== 304) || counted.has(req) || !isVisit(req.method, req.headers)) return;
  const seen = visit();
  if (!seen) return;
  counted.add(req);
  pageViews.add(seen[0], seen[1]);
}

/**
 * The (page, language) of a page rendered live (a query string the caches do not serve, an order
 * form with its draft): what the visitor was shown.
 */
function liveVisit(req: http.IncomingMessage): readonly [string, string] | undefined {
  const url = new URL(req.url ?? "/", "http://localhost");
  const offer = url.pathname === "/commander" ? url.searchParams.get("offre") : null;
  const page = offer === null ? pageForPath(url.pathname)?.id : isOfferId(offer) && !url.searchParams.has("cancelled") ? orderFormPage(offer) : undefined;
  if (!page) return undefined;
  const { lang } = resolveLanguage({ pathname: url.pathname, queryLang: url.searchParams.get("lang"), cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
  return [page, lang];
}

declare module "node:http" {
  interface ServerResponse {
    locals: Record<string, unknown>;
  }
}

/**
 * One client may hold at most CONNECTIONS_PER_CLIENT open connections: past that, a new one is
 * closed as it arrives, before any byte is read. Without it a single address could hold thousands
 * of sockets open by sending headers slowly (each one waits up to headersTimeout), and every other
 * visitor would wait behind them. Connections from a trusted proxy are not counted: all visitors
 * share its address, and the proxy limits its own clients.
 */
const openPerClient = new Map<string, number>();
function admit(socket: net.Socket) {
  const address = socket.remoteAddress ?? "";
  if (env.CONNECTIONS_PER_CLIENT === 0 || proxies.isTrustedPeer(address)) return;
  const open = (openPerClient.get(address) ?? 0) + 1;
  if (open > env.CONNECTIONS_PER_CLIENT) {
    socket.destroy();
    return;
  }
  openPerClient.set(address, open);
  socket.once("close", () => {
    const left = (openPerClient.get(address) ?? 1) - 1;
    if (left > 0) openPerClient.set(address, left);
    else openPerClient.delete(address);
  });
}

/**
 * The front server/serve.ts runs. `assets` serves the browser files in development (Vite's
 * middleware: modules, HMR, public/); without it, build/client is served as production does.
 * Everything else — headers, limits, same-origin check, canonical redirects, caches, counts — is
 * the same code in both.
 */
export function createFront(assets?: express.RequestHandler): Front {
  const app = slowPath(assets);
  return {
    port: env.PORT,
    host: env.HOST,
    prepare: () => assertWritableDirWithin(path.resolve(env.DATA_DIR), 10_000),
    handle(req, res) {
      const requestId = nextRequestId();
      if (serveFromMemory(req, res, requestId)) return;
      // Everything this request runs, the app's loaders and actions included, logs with its id.
      withRequestId(requestId, () =>
        handle(app, req, res, requestId).catch((error) => {
          logger().error({ err: error }, "request failed");
          if (!res.headersSent) reject(res, 500, "Internal error");
          else res.destroy();
        }),
      );
    },
    admit,
    // The app's start-up checks (DATA_DIR, database): a site that cannot store an order exits.
    start: async () => entry.start?.(),
    shutdown: async () => entry.shutdown?.(),
    listening: (url) => logger().info({ demo: !env.STRIPE_SECRET_KEY }, `listening on ${url}`),
    log: (message) => logger().info(message),
  };
}
