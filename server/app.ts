// The Node front of the site: security headers, pages kept in memory, limits, proxy trust and logs.
// Bundled with the app into build/server/index.js (vite.config.ts), as React Router's
// node-custom-server template does, so the process holds one copy of the configuration, the site
// map and the language resolver. server/index.ts runs it (server/serve.ts): in production from the
// build, in development as Vite loads this file (vite.ssrLoadModule), with Vite's middleware in
// place of the built browser files: the same headers, limits, checks and counts in both.
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { createRequestHandler as createExpressHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Front } from "./serve.ts";
import { apiAllow, frontProblem, isApiTarget } from "../app/api/front.ts";
import { formatReadiness, readiness } from "../app/config/readiness.server.ts";
import { assertWritableDirWithin } from "../app/lib/data-dir.server.ts";
import { bodyCapFor } from "../app/http/read-form.server.ts";
import { languageFromPath, resolveLanguage } from "../app/i18n/resolve.ts";
import { pageForPath, THANK_YOU_PATHS } from "../app/i18n/site-map.ts";
import { getEnv } from "../app/lib/env.server.ts";
import { logger, logRequest, redactUrl, withRequestId } from "../app/lib/logger.server.ts";
import { createLoadContext, type RequestInfo } from "../app/lib/request-context.ts";
import { orderFormKey } from "../app/orders/order-form-key.ts";
import { paidThankYouKey } from "../app/orders/thank-you-details.server.ts";
import { getOrderServices } from "../app/services.server.ts";
import { provideServices } from "../app/services-context.ts";
import { isVisit, orderFormPage, pageViews } from "../app/stats/page-views.server.ts";
import { isOfferId } from "../app/content/offers.ts";
import { createCanonicalRedirect } from "./canonical-redirect.ts";
import { createProxyTrust } from "./client-ip.ts";
import { baseSecurityHeaders, HOLES, RenderCache, sendRenderedPage, type Hole } from "./render-cache.ts";
import { isCrossSitePost } from "./same-origin.ts";
import { routeHeadersReplaceSiteHeaders, securityHeaders } from "./security-headers.ts";

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
      getLoadContext: (_req, res) =>
        provideServices(createLoadContext(res.locals.info as RequestInfo), getOrderServices),
    }),
  );
  return app;
}

// ---- pages kept in memory (server/render-cache.ts): what each depends on, and how it renders ----
/** Marketing pages, by (path, language): at most pages × languages × 2 (forced or negotiated) entries. */
const pages = new RenderCache();
/** The order forms the site links to, by (query, language): at most offers × links × languages entries. */
const forms = new RenderCache();
/** Paid orders' thank-you pages, by (order, language, version, details shown): the 256 latest. */
const thanks = new RenderCache({ max: 256 });
const renderPage = createRequestHandler(build, mode);
const HOUR = 3_600_000;
const SESSION_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

/** A page the front may answer from memory: its cache and key, how to render it, the view it counts. */
interface Kept {
  cache: RenderCache;
  key: string;
  /** The render's request: the URL and only what decides the language, so it is the same for every visitor. */
  url: string;
  lang?: string;
  /**
   * The holes its render is given markers for. A nonce only for a page that hydrates (the paid
   * thank-you page): the others have no inline scripts, so `script-src 'self'` suffices and their
   * bytes stay the same for everyone (compressed once, ETag).
   */
  holes: readonly Hole[];
  /** When the page stops being current. */
  until?: number;
  visit?: readonly [page: string, lang: string];
}

/** The language a visitor gets on a page (forced by the path, or negotiated), which keys its copy. */
function pageTarget(pathname: string, req: http.IncomingMessage) {
  const { lang, source } = resolveLanguage({
    pathname,
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
  });
  return { key: `${pathname}|${lang}|${source === "path" ? "forced" : "negotiated"}`, lang };
}

/**
 * Which kept page answers a request for (pathname, search), if any, asked without the database:
 * a marketing page without a query, the order form as the site links it (not a cancelled
 * checkout's draft). Only URLs whose page is the same for every visitor of a language.
 */
function keptPage(req: http.IncomingMessage, pathname: string, search: string): Kept | null {
  if (pathname === "/commander") {
    const form = orderFormKey(pathname, search, req.headers);
    if (!form) return null;
    // Its price line names the date of the first monthly charge (a whole day in the business time
    // zone, whose offsets are whole hours): a kept form lasts until the end of the hour.
    const until = (Math.floor(Date.now() / HOUR) + 1) * HOUR;
    return {
      cache: forms,
      key: form.key,
      url: `http://localhost${pathname}${search}`,
      lang: form.lang,
      holes: ["formToken"],
      until,
      visit: [orderFormPage(form.offer), form.lang],
    };
  }
  if (search) return null;
  const page = pageForPath(pathname);
  if (!page) return null;
  const { key, lang } = pageTarget(pathname, req);
  return { cache: pages, key, url: `http://localhost${pathname}`, lang, holes: [], visit: [page.id, lang] };
}

/**
 * …and a paid order's thank-you page (one indexed read, never the payment provider; an order not
 * paid yet takes the route, which asks the provider and polls).
 */
async function keptFor(req: http.IncomingMessage, url: URL): Promise<Kept | null> {
  const kept = keptPage(req, url.pathname, url.search);
  if (kept || req.method !== "GET" || !THANK_YOU_SET.has(url.pathname)) return kept;
  const sessionId = url.searchParams.get("session_id");
  if (!sessionId || !SESSION_PATTERN.test(sessionId) || url.search !== `?session_id=${sessionId}`) return null;
  const key = await paidThankYouKey((await getOrderServices()).repo, sessionId, languageFromPath(url.pathname) ?? "");
  return key ? { cache: thanks, key, url: url.origin + url.pathname + url.search, holes: ["nonce"] } : null;
}
const THANK_YOU_SET = new Set(Object.values(THANK_YOU_PATHS));

/** Answers from memory (rendering the page once if needed); false: not keepable after all (any status but 200), render live. */
async function serveKept(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  kept: Kept,
  https: boolean,
  requestId: string,
): Promise<boolean> {
  const page =
    kept.cache.get(kept.key) ??
    (await kept.cache.fill(
      kept.key,
      () => {
        // Markers in the holes (the nonce, the form token): each response fills its own.
        const marker = (hole: Hole) => (kept.holes.includes(hole) ? HOLES[hole] : "");
        const info: RequestInfo = {
          nonce: marker("nonce"),
          formToken: marker("formToken"),
          requestId,
          clientIp: "",
          secure: secureCookies,
        };
        return renderPage(
          new Request(kept.url, { headers: kept.lang ? { "accept-language": kept.lang } : {} }),
          provideServices(createLoadContext(info), getOrderServices),
        );
      },
      kept.until,
    ));
  if (!page) return false;
  sendRenderedPage(req, res, page, https, requestId);
  if (kept.visit) countVisit(req, page.status, kept.visit);
  return true;
}

/**
 * The front's first look, before any parsing: a request target that is exactly a kept marketing
 * page or order form for this visitor's language is answered from memory (a CPU profile put most
 * of the per-request time in parsing, the redirect check and header setting: docs/decisions/002).
 * Such a page was kept only after handle() found its target canonical, so handle() would answer
 * the same. Anything else — another spelling, a page not kept yet, a thank-you page — takes handle().
 */
function serveFromMemory(req: http.IncomingMessage, res: http.ServerResponse, requestId: string): boolean {
  const { method, url } = req;
  if ((method !== "GET" && method !== "HEAD") || !url?.startsWith("/")) return false;
  const query = url.indexOf("?");
  const kept = query === -1 ? keptPage(req, url, "") : keptPage(req, url.slice(0, query), url.slice(query));
  const page = kept?.cache.get(kept.key);
  if (!kept || !page) return false;
  const started = performance.now();
  sendRenderedPage(req, res, page, proxies.isHttps(req), requestId);
  countVisit(req, page.status, kept.visit!);
  logRequest({
    reqId: requestId,
    method,
    path: query === -1 ? url : redactUrl(url),
    status: res.statusCode,
    ms: Math.round((performance.now() - started) * 10) / 10,
    cache: true,
  });
  return true;
}

/**
 * What every response carries, refusals and redirects included: the security headers (a live
 * render adds its nonce) and the request id. Set just before answering rather than first thing,
 * so a page kept in memory writes its whole header list at once (server/render-cache.ts).
 */
function answerHeaders(res: http.ServerResponse, https: boolean, requestId: string) {
  res.setHeader("X-Request-Id", requestId);
  for (const [name, value] of baseSecurityHeaders(https)) res.setHeader(name, value);
}

function reject(res: http.ServerResponse, status: number, message: string, api = false) {
  res.statusCode = status;
  // Under /api/ every answer is problem+json, the refusals made here included (app/api/front.ts).
  res.setHeader("Content-Type", api ? "application/problem+json" : "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(api ? frontProblem(status) : message);
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
  const path = redactUrl(req.url ?? "");
  let fromMemory = false;
  res.on("finish", () => {
    // Pages rendered live (a query string, a form's draft): counted once answered.
    countVisit(req, res.statusCode, () => liveVisit(req));
    const ms = Math.round((performance.now() - started) * 10) / 10;
    logRequest({
      reqId: requestId,
      method: req.method,
      path,
      status: res.statusCode,
      ms,
      cache: fromMemory || undefined,
    });
  });

  const https = proxies.isHttps(req);
  // Every answer but a kept page's (its list has them) gets the security headers and request id first.
  const refuse = (status: number, message: string, headers: Record<string, string> = {}) => {
    answerHeaders(res, https, requestId);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    reject(res, status, message, isApiTarget(req.url));
  };

  let url: URL;
  try {
    url = new URL(req.url ?? "/", "http://localhost");
    decodeURIComponent(url.pathname);
  } catch {
    return refuse(400, "Bad request");
  }
  if (url.pathname.startsWith("//")) return refuse(400, "Bad request");
  // Absolute-form ("http://host/x") and asterisk-form ("*") targets: keep only path and query.
  if (!req.url?.startsWith("/")) req.url = url.pathname + url.search;
  const method = req.method ?? "GET";
  // The site only reads pages and takes form posts; other methods would reach React Router's error
  // rendering without its middleware context (a 500). An API path says what it takes.
  if (method !== "GET" && method !== "HEAD" && method !== "POST") {
    if (isApiTarget(req.url) && !apiAllow(url.pathname)) return refuse(404, "Not found");
    return refuse(405, "Method not allowed", {
      Allow: (isApiTarget(req.url) && apiAllow(url.pathname)) || "GET, HEAD, POST",
    });
  }

  if (method === "POST") {
    const length = Number(req.headers["content-length"] ?? NaN);
    if (req.headers["transfer-encoding"] && !Number.isFinite(length)) return refuse(411, "Length required");
    // The cap of the path (app/http/read-form.server.ts): forms 64 KB, Stripe's webhook more.
    if (length > bodyCapFor(url.pathname)) {
      return refuse(413, "Request body too large", { Connection: "close" });
    }
    if (isCrossSitePost(req, url.pathname, { https, publicOrigin: env.PUBLIC_ORIGIN }))
      return refuse(403, "Cross-site form submissions are not accepted");
  }

  if (method === "GET" || method === "HEAD") {
    const location = canonicalLocation(url.pathname, url.search);
    if (location) {
      answerHeaders(res, https, requestId);
      res.statusCode = 301;
      res.setHeader("Location", location);
      res.setHeader("Cache-Control", "public, max-age=3600");
      return res.end();
    }
  }

  // A page the same for every visitor (a marketing page, the order form, a paid order's thank-you
  // page) is answered from memory; a failed render is reported and the request rendered live.
  if (method === "GET" || method === "HEAD") {
    try {
      const kept = await keptFor(req, url);
      if (kept && (await serveKept(req, res, kept, https, requestId))) {
        fromMemory = true;
        return;
      }
    } catch (error) {
      logger().error({ err: error }, "page kept in memory failed");
    }
  }

  // React Router builds the request URL from Host (and X-Forwarded-Host behind a trusted proxy): an
  // unparsable one is the client's error, not a 500. HTTP/1.0 clients may send none: use ours.
  if (!req.headers.host) req.headers.host = publicHost;
  if (
    !isValidHost(req.headers.host) ||
    (proxies.fromTrustedProxy(req) &&
      req.headers["x-forwarded-host"] &&
      !isValidHost(String(req.headers["x-forwarded-host"])))
  ) {
    return refuse(400, "Bad request");
  }

  const nonce = randomBytes(16).toString("base64");
  res.setHeader("X-Request-Id", requestId);
  for (const [name, value] of Object.entries(securityHeaders({ nonce, https }))) res.setHeader(name, value);
  const info: RequestInfo = {
    nonce,
    formToken: randomUUID(),
    requestId,
    clientIp: proxies.clientIp(req),
    secure: secureCookies,
  };
  res.locals = { info };
  app(req as express.Request, res as express.Response);
}

/** Requests whose view was counted where they were served (from memory), so the answer's "finish" does not count them again. */
const counted = new WeakSet<http.IncomingMessage>();

/**
 * The funnel's one count (app/stats; a Map increment, nothing about the visitor kept): a browser's
 * view of a page answered 200, or 304 (the browser revalidated its copy), once per request. Every
 * way a page is served calls it; `visit` names the (page, language) shown — a kept page knows it
 * from its key, a page rendered live reads it from its URL (a function, asked only for a view
 * that counts).
 */
function countVisit(req: http.IncomingMessage, status: number, visit: Visit | (() => Visit | undefined)) {
  if ((status !== 200 && status !== 304) || counted.has(req) || !isVisit(req.method, req.headers)) return;
  const seen = typeof visit === "function" ? visit() : visit;
  if (!seen) return;
  counted.add(req);
  pageViews.add(seen[0], seen[1]);
}
type Visit = readonly [page: string, lang: string];

/**
 * The (page, language) of a page rendered live (a query string the caches do not serve, an order
 * form with its draft): what the visitor was shown.
 */
function liveVisit(req: http.IncomingMessage): readonly [string, string] | undefined {
  const url = new URL(req.url ?? "/", "http://localhost");
  const offer = url.pathname === "/commander" ? url.searchParams.get("offre") : null;
  const page =
    offer === null
      ? pageForPath(url.pathname)?.id
      : isOfferId(offer) && !url.searchParams.has("cancelled")
        ? orderFormPage(offer)
        : undefined;
  if (!page) return undefined;
  const { lang } = resolveLanguage({
    pathname: url.pathname,
    queryLang: url.searchParams.get("lang"),
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
  });
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
 * A request Node's parser refused before any handler ran (a header over the size limit, a
 * malformed request line): Node's own answers (431, 408, 400, empty bodies), except that a request
 * whose first bytes name an `/api/` path gets its problem+json. The request line is read from the
 * bytes the parser held (`rawPacket`): the first 64 KB of an oversized request, the start of it.
 */
function clientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: net.Socket) {
  if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const target = /^[A-Z]{1,16} (\S+)/.exec(error.rawPacket?.subarray(0, 256).toString("latin1") ?? "")?.[1];
  const body = isApiTarget(target) ? frontProblem(status) : "";
  const reason = http.STATUS_CODES[status] ?? "Bad Request";
  const type = body ? "Content-Type: application/problem+json\r\nCache-Control: no-store\r\n" : "";
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
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
          if (!res.headersSent) {
            answerHeaders(res, proxies.isHttps(req), requestId);
            reject(res, 500, "Internal error", isApiTarget(req.url));
          } else res.destroy();
        }),
      );
    },
    admit,
    clientError,
    // The app's start-up checks (DATA_DIR, database): a site that cannot store an order exits.
    start: async () => entry.start?.(),
    shutdown: async () => entry.shutdown?.(),
    listening: (url) => logger().info({ demo: !env.STRIPE_SECRET_KEY }, `listening on ${url}`),
    log: (message) => logger().info(message),
  };
}
