import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";

/**
 * The one logger of the server and the app: JSON lines (pino) written asynchronously, so a request
 * never waits on a synchronous write to stdout. Every line logged while a request is handled
 * carries its id (`reqId`, from AsyncLocalStorage), the app's own lines included. Personal data
 * and checkout session ids are redacted.
 */

interface RequestScope {
  requestId: string;
}

// server/index.ts and the built app each load this module: one holder on globalThis keeps a single
// logger and a single request scope between them.
const holder = ((globalThis as Record<symbol, unknown>)[Symbol.for("lumen.logger")] ??= {
  scope: new AsyncLocalStorage<RequestScope>(),
  logger: undefined,
}) as { scope: AsyncLocalStorage<RequestScope>; logger: Logger | undefined };

const PERSONAL = ["email", "customer", "firstName", "lastName", "phoneNumber", "address", "sessionId", "session_id", "to", "ip", "clientIp"];

/** Field paths replaced by "[redacted]" wherever they appear at the top level or one level down. */
export const REDACT_PATHS = [...PERSONAL, ...PERSONAL.map((key) => `*.${key}`)];

export type LogLevel = "silent" | "fatal" | "error" | "warn" | "info" | "debug";

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      serializers: { err: pino.stdSerializers.err },
      mixin: () => {
        const scope = holder.scope.getStore();
        return scope ? { reqId: scope.requestId } : {};
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** The process's logger (level from LOG_LEVEL, default info), created on first use. */
export function logger(): Logger {
  holder.logger ??= createLogger(parseLevel(process.env.LOG_LEVEL));
  return holder.logger;
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

/** A URL (path and query) safe for the log: session ids and similar query values redacted, length capped. */
export function redactUrl(url: string): string {
  return url.slice(0, 300).replace(SECRET_PARAMS, "$1[redacted]");
}
