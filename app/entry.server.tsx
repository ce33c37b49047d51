import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { announceOwnerSetup } from "./auth/announce-setup.server.ts";
import { getInstance } from "./i18n/middleware.server.ts";
import { StartupError } from "./lib/data-dir.server.ts";
import { logger, redactUrl } from "./lib/logger.server.ts";
import { requestInfoContext } from "./lib/request-context.ts";
import { getOrderServices, shutdownOrderServices } from "./services.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const { nonce } = loadContext.get(requestInfoContext);
  return new Promise<Response>((resolve, reject) => {
    // Pages are small and have no Suspense boundaries: send the whole document at once.
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={getInstance(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </I18nextProvider>,
      {
        nonce: nonce || undefined,
        onAllReady() {
          const body = new PassThrough();
          headers.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          logger().error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // 4xx answers (405 for a POST to a page without a form, 404s) are not server errors.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  const url = new URL(request.url);
  logger().error({ err: error, path: redactUrl(url.pathname + url.search) }, "unhandled");
};

/**
 * Orders: open the database and start the outbox worker at boot, so emails left from a previous
 * run are sent without waiting for a visitor. The front calls this once it holds its port
 * (a second server on a busy port stops before it writes anything, such as a new set-up token
 * that would void the running server's link) and answers requests only after it: an unusable
 * DATA_DIR or SQLite file stops the start (one line, exit 1) instead of a healthy-looking site
 * whose every order fails; PostgreSQL being down is retried at the next request.
 */
export function start(): Promise<void> {
  if (process.env.NODE_ENV === "test") return Promise.resolve();
  return getOrderServices().then(
    (services) => announceOwnerSetup(services),
    (error) => {
      if (error instanceof StartupError) {
        console.error(`Cannot start: ${error.message}`);
        process.exit(1);
      }
      logger().error({ err: error }, "order services failed to start");
    },
  );
}

/** Called by the front (server/serve.ts) on SIGTERM, after in-flight requests finished. */
export async function shutdown(): Promise<void> {
  await shutdownOrderServices();
}
