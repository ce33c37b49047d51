// What every operator command shares: its options parsed with one line for a mistake, and any
// failure said in one line (the operator reads a terminal or a container log, not a stack trace).
import fs from "node:fs";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { reason } from "../app/lib/data-dir.server.ts";

/** Prints one line to stderr and exits (2: the command was called wrongly; 1: it could not be done). */
export function fail(message: string, code = 1): never {
  console.error(message.replace(/\s*\n\s*/g, " "));
  process.exit(code);
}

/** parseArgs, with an unknown option or a missing value answered in one line plus the usage. */
export function parseOptions<T extends ParseArgsConfig>(config: T, usage: string) {
  try {
    return parseArgs(config);
  } catch (error) {
    // Node's own message ("Unknown option '--bogus'. To specify a positional argument starting
    // with a '-', place it at the end of the command after '--', as in '-- \"--bogus\"") is long.
    const message = (error as Error).message.split(". ")[0]!.replace(/\.$/, "");
    return fail(`${message}. ${usage}`, 2);
  }
}

/** Exits in one line on anything thrown from here on, instead of a stack trace. */
export function failInOneLine(context: string): void {
  const handler = (error: unknown) => fail(`${context}: ${describe(error)}`);
  process.on("uncaughtException", handler);
  process.on("unhandledRejection", handler);
}

/** A database or file error as an operator reads it. */
export function describe(error: unknown): string {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException & { errors?: unknown[] };
  // pg reports an unreachable server as an AggregateError (one error per address tried).
  const inner = (error as { errors?: unknown[] })?.errors?.[0] as NodeJS.ErrnoException | undefined;
  if (inner?.code) return reason(inner);
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "ETIMEDOUT" || code === "EHOSTUNREACH")
    return reason(error);
  return String(message || code || error).split("\n")[0]!;
}

/** DATA_DIR's SQLite file, which must exist: a typo must not create an empty database elsewhere. */
export function existingSqliteFile(purpose: string, { postgresToo = false } = {}): string {
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const file = path.join(dataDir, "orders.sqlite");
  if (!fs.existsSync(file)) {
    fail(
      `No database at ${file} (${purpose}): set DATA_DIR to the site's data directory${postgresToo ? " (or DATABASE_URL for PostgreSQL)" : ""}.`,
    );
  }
  return file;
}
