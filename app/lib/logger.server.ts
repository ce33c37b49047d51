import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";

/**
 * The one logger of the server and the app: JSON lines (pino) written asynchronously, so a request
 * never waits on a synchronous write to stdout. Every line logged while a request is handled
 * carries its id (`reqId`, from AsyncLocalStorage), the app's own lines included. Personal data
 * and checkout session ids are redacted, and so are the signed link tokens in paths (redactUrl).
 */

interface RequestScope {
  requestId: string;
}

// server/index.ts and the built app each load this module: one holder on globalThis keeps a single
// logger and a single request scope between them.
const holder = ((globalThis as Record<symbol, unknown>)[Symbol.for("lumen.logger")] ??= {
  scope: new AsyncLocalStorage<RequestScope>(),
  logger: undefined,
  requests: undefined,
}) as { scope: AsyncLocalStorage<RequestScope>; logger: Logger | undefined; requests: Logger | undefined };

const PERSONAL = [
  "email",
  "customer",
  "firstName",
  "lastName",
  "phoneNumber",
  "address",
  "sessionId",
  "session_id",
  "to",
  "ip",
  "clientIp",
];

/** Field paths replaced by "[redacted]" wherever they appear at the top level or one level down. */
export const REDACT_PATHS = [...PERSONAL, ...PERSONAL.map((key) => `*.${key}`)];

/** How many bytes of access lines are gathered before one write (see createLoggers). */
const BATCH_BYTES = 4096;

export type LogLevel = "silent" | "fatal" | "error" | "warn" | "info" | "debug";

const LINE_FORMAT = {
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
} as const;

export function createLogger(level: LogLevel, destination: DestinationStream): Logger {
  return pino(
    {
      ...LINE_FORMAT,
      level,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      serializers: { err: pino.stdSerializers.err },
      mixin: () => {
        const scope = holder.scope.getStore();
        return scope ? { reqId: scope.requestId } : {};
      },
    },
    destination,
  );
}

function createLoggers() {
  const level = parseLevel(process.env.LOG_LEVEL);
  // One asynchronous stdout writer (sonic-boom, sync: false) shared by both loggers, so lines never interleave.
  // Access lines are many and small: with one write call each, about a third of the front's time on
  // a page kept in memory went into its log line (CPU profile, npm run bench), so they are written in
  // batches of 4 KB, and at least every 200 ms when traffic is light. pino writes what is left
  // synchronously when the process exits.
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: 200 });
  // The app's own lines (errors, warnings, what the services did) are rare and wanted at once: each
  // one starts a write of the batch it joins, or, when a write is under way, the next write as soon
  // as that one ends (sonic-boom would otherwise keep a short rest until the next 200 ms tick).
  let urgent = false;
  destination.on("drain", () => {
    if (!urgent) return;
    urgent = false;
    destination.flush();
  });
  holder.logger = createLogger(level, {
    write(line: string) {
      destination.write(line);
      urgent = true;
      destination.flush();
    },
  });
  // The access line has fixed fields, none personal (its path went through redactUrl, or is a URL
  // the site links itself: server/kept-pages.ts): it skips
  // the redaction pass and the request-scope mixin, which cost more than the rest of the line
  // on a page served from memory (CPU profile).
  holder.requests = pino({ ...LINE_FORMAT, level }, destination);
}

/** The process's logger (level from LOG_LEVEL, default info), created on first use. */
export function logger(): Logger {
  if (!holder.logger) createLoggers();
  return holder.logger!;
}

export interface RequestLine {
  reqId: string;
  method: string | undefined;
  /** Already passed through redactUrl. */
  path: string;
  status: number;
  ms: number;
  cache?: true;
}

/** The one line logged per request ("request", level info). */
export function logRequest(line: RequestLine): void {
  if (!holder.requests) createLoggers();
  holder.requests!.info(line, "request");
}

function parseLevel(value: string | undefined): LogLevel {
  const levels: LogLevel[] = ["silent", "fatal", "error", "warn", "info", "debug"];
  if (levels.includes(value as LogLevel)) return value as LogLevel;
  // Unit tests (Vitest sets NODE_ENV=test) stay quiet unless asked.
  return process.env.NODE_ENV === "test" ? "silent" : "info";
}

/** Runs `work` (and everything it awaits) with this request id on every log line. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return holder.scope.run({ requestId }, work);
}

const SECRET_PARAMS = /([?&](?:session_id|email|token)=)[^&#]*/gi;
/**
 * Paths whose next segment is a bearer secret: the signed subscription and invoice links (they
 * stand in for an account), the customer's order page (`/order/<token>`), its short-lived file
 * links (`/files/<signed file token>`) and the sandbox checkout's session id (as `session_id` in a
 * query). `/order` alone (the order form) has no segment after it and stays as it is.
 */
const SECRET_PATH = /^(\/+(?:subscription|invoice|order|files|checkout\/+sandbox)\/+)[^?#]+/i;
const MAY_HOLD_SECRET_PATH = /^\/+(?:subscription|invoice|order|files|checkout|%)/i;

const decodePath = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** A URL (path and query) safe for the log: link tokens, session ids and similar values redacted, length capped. */
export function redactUrl(url: string): string {
  // Most URLs have no query and no secret path: nothing to redact, and no regular expression to run.
  if (url.length <= 300 && !url.includes("?") && !MAY_HOLD_SECRET_PATH.test(url)) return url;
  const split = url.indexOf("?");
  const path = split < 0 ? url : url.slice(0, split);
  const query = split < 0 ? "" : url.slice(split);
  // Matched on the decoded path too: `/%73ubscription/…` reaches the same route.
  const secret = SECRET_PATH.exec(path) ?? SECRET_PATH.exec(decodePath(path));
  const safePath = secret ? `${secret[1]}[redacted]` : path;
  return `${safePath}${query}`.slice(0, 300).replace(SECRET_PARAMS, "$1[redacted]");
}
