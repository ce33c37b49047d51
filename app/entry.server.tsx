import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { getInstance } from "./i18n/middleware.server.ts";
import { requestInfoContext } from "./lib/request-context.ts";
import { getOrderServices, shutdownOrderServices } from "./orders/services.server.ts";

export const streamTimeout = 5_000;

// Re-exported for server/index.ts, which loads the built app and needs the same context objects.
export { createLoadContext } from "./lib/request-context.ts";

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
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // 4xx answers (405 for a POST to a page without a form, 404s) are not server errors.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(JSON.stringify({ level: "error", msg: "unhandled", url: request.url, error: String((error as Error)?.stack ?? error) }));
};

// Orders: open the database and start the outbox worker at boot, so emails left from a previous
// run are sent without waiting for a visitor.
if (process.env.NODE_ENV !== "test") {
  getOrderServices().catch((error) => {
    console.error(JSON.stringify({ level: "error", msg: "order services failed to start", error: String(error) }));
  });
}

/** Called by server/index.ts on SIGTERM, after in-flight requests finished. */
export async function shutdown(): Promise<void> {
  await shutdownOrderServices();
}
