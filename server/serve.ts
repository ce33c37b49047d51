// The process around the Node front: the HTTP server, its port, the start-up order and graceful
// shutdown. The same in production (server/index.ts hands it the front of build/server/index.js)
// and in development (the front of server/app.ts as Vite loads it, behind Vite's middleware), so
// both answer through one front. App-free like every helper here: the front brings the app's parts.
import http from "node:http";
import type net from "node:net";

/** What server/app.ts exports (createFront): the site's answer to a request, and its life cycle. */
export interface Front {
  port: number;
  host: string;
  /** Checks that must pass before the port is taken (exit 1 with one line otherwise). */
  prepare(): Promise<void>;
  /** Answers one request, every refusal and failure included (it never throws). */
  handle: http.RequestListener;
  /** Sees each new connection first (the per-client connection limit). */
  admit(socket: net.Socket): void;
  /** Answers a request Node's parser refused (an oversized header, a malformed line) before `handle`. */
  clientError?(error: Error, socket: net.Socket): void;
  /** The app's start-up: opens the database, starts the workers. */
  start(): Promise<void>;
  /** Closes the app's resources, after in-flight requests finished. */
  shutdown(): Promise<void>;
  /** Says where the site answers, once it does. */
  listening(url: string): void;
  log(message: string): void;
}

/**
 * How long a connection may stay silent (no byte in or out) before it is closed. An idle limit,
 * not a total one: a brief or a delivery sent over a slow line takes minutes and is kept as long
 * as its bytes keep coming (a total `requestTimeout` of 30 s cut every upload longer than that);
 * one that stops is cut after this. The headers still have their own total limit (headersTimeout).
 */
export const IDLE_TIMEOUT_MS = 30_000;

/** The HTTP server of the site, before it listens (Vite's HMR shares it in development). */
export function createHttpServer(): http.Server {
  const server = http.createServer({ keepAliveTimeout: 65_000, requestTimeout: 0, headersTimeout: 20_000 });
  // With no 'timeout' listener, Node destroys a socket silent this long. Between requests the
  // keep-alive timeout applies instead (Node swaps them).
  server.timeout = IDLE_TIMEOUT_MS;
  return server;
}

/**
 * Runs the front on `server`: its checks, then the port, then the app's start-up (requests that
 * arrive meanwhile wait), then answers through `handle` (the front's own, or development's chain
 * in front of it); SIGTERM and SIGINT stop it gracefully, then `onStopped` runs.
 */
export async function serve(
  server: http.Server,
  front: Front,
  handle: http.RequestListener,
  onStopped?: () => Promise<void>,
): Promise<void> {
  /** Set until the app's start-up checks are done: requests that arrive meanwhile wait. */
  let started!: () => void;
  let starting: Promise<void> | undefined = new Promise((resolve) => (started = resolve));
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (starting) {
      void starting.then(() => handle(req, res));
      return;
    }
    handle(req, res);
  });
  server.on("connection", (socket: net.Socket) => front.admit(socket));
  if (front.clientError)
    server.on("clientError", (error: Error, socket: net.Socket) => front.clientError!(error, socket));

  // DATA_DIR before the port, with a time limit: a path whose mkdir never returns (under /proc)
  // would otherwise leave a process holding the port that answers nothing.
  try {
    await front.prepare();
  } catch (error) {
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  await listen(server, front.port, front.host);
  // Then the app's start-up checks (DATA_DIR, database): requests that arrive meanwhile wait, and a
  // site that cannot store an order exits instead of answering.
  await front.start();
  starting = undefined;
  started();
  front.listening(`http://${front.host === "0.0.0.0" ? "localhost" : front.host}:${front.port}`);

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the app's resources.
  let stopping = false;
  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    front.log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    server.close(async () => {
      try {
        await front.shutdown();
        await onStopped?.();
      } finally {
        clearTimeout(force);
        process.exit(0);
      }
    });
    // Keep-alive connections become idle as their last response ends: close them as they do, or
    // server.close() would wait for the client's keep-alive timeout.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * The port first: a second server started on a busy port stops here in one line, before it opens
 * the database or writes anything (a new set-up token would void the running server's link).
 */
function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve) => {
    const refuse = (error: NodeJS.ErrnoException) => {
      const where = host === "0.0.0.0" || host === "::" ? "" : ` on ${host}`;
      const why: Record<string, string> = {
        EADDRINUSE: `port ${port} is in use${where} (another server, maybe this site, is listening there): stop it or set PORT`,
        EACCES: `no permission to listen on port ${port}${where} (ports below 1024 need privileges): set PORT`,
        EADDRNOTAVAIL: `HOST ${host} is not an address of this machine: set HOST (0.0.0.0 for every interface)`,
      };
      console.error(
        `Cannot start: ${why[error.code ?? ""] ?? `cannot listen on port ${port}${where} (${error.code ?? error.message})`}.`,
      );
      process.exit(1);
    };
    server.once("error", refuse);
    server.listen(port, host, () => {
      server.off("error", refuse);
      resolve();
    });
  });
}
