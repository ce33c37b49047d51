import { Readable, Transform } from "node:stream";
import busboy from "busboy";
import { data } from "react-router";
import type { Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import type { z } from "../lib/zod.ts";

/**
 * The one way in for every request body (docs/architecture.md, "A form"). Every action reads its
 * body here; `request.formData()`, `.text()`, `.json()`, `.arrayBuffer()` anywhere else in app/ is
 * a lint error (eslint.config.js, block `http/one-body-reader`), and
 * tests/integration/hostile-bodies.test.ts posts hostile bodies to every route with an action.
 *
 * Why: a 32-byte `x[99999999]=1` handed to a form parser (Conform expands names into arrays and
 * objects) grew the process to 4 GB, and a 60 KB dotted name overflowed its stack. So, before any
 * parser sees a byte: the raw body is read with a byte cap, the content type must be a form, the
 * field count and every name's length are capped, and only the names the form declares are kept
 * (each as its first text value; files and repeats are dropped). A form gets a flat FormData of
 * known, short, string fields, whatever was posted.
 */

/** Bodies above this are refused (the Node front refuses a larger Content-Length first; this also covers chunked bodies). */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * The byte cap of every request body, by path: the Node front refuses a larger Content-Length with
 * this table before the app runs, and the route reads with the same cap. Forms get MAX_FORM_BYTES.
 * Stripe's events carry whole objects (a session or invoice with its line items, metadata), so one
 * can pass 64 KB; Stripe retries a 413 for days and then disables the endpoint. 1 MB is far above
 * any event we handle and still a bounded read.
 */
export const BODY_CAPS: Readonly<Record<string, number>> = { "/webhooks/stripe": 1024 * 1024 };

const MB = 1024 * 1024;

/**
 * The forms that carry files (multipart, streamed: a file goes to storage as it arrives, never held
 * whole). Each names its paths, and caps a file, the files of one request and their total bytes; the
 * request's byte cap (which the Node front applies to a declared length too) is that total plus
 * room for the text fields and the multipart framing.
 */
export const UPLOADS = {
  /** The customer's brief: their logo, photos, documents, a short video. */
  brief: { path: /^\/order\/[^/]+$/, maxFileBytes: 10 * MB, maxFiles: 10, maxTotalBytes: 50 * MB },
  /** The customer's files with a revision request (on the same page as the brief): the brief's caps, counted per order. */
  revision: { path: /^\/order\/[^/]+$/, maxFileBytes: 10 * MB, maxFiles: 10, maxTotalBytes: 50 * MB },
  /**
   * The owner's delivery: finished videos can be large. The back office's form and the API's
   * multipart delivery are one upload (the same caps, the same reader, the same `deliver`).
   */
  delivery: {
    path: /^\/(?:admin\/orders\/[^/]+\/deliver|api\/v1\/orders\/[^/]+\/deliveries)$/,
    maxFileBytes: 200 * MB,
    maxFiles: 5,
    maxTotalBytes: 400 * MB,
  },
} as const;
export type UploadName = keyof typeof UPLOADS;
const UPLOAD_OVERHEAD = 256 * 1024;

/** The most bytes a POST to `pathname` may carry. */
export const bodyCapFor = (pathname: string): number => {
  if (BODY_CAPS[pathname]) return BODY_CAPS[pathname];
  for (const upload of Object.values(UPLOADS))
    if (upload.path.test(pathname)) return upload.maxTotalBytes + UPLOAD_OVERHEAD;
  return MAX_FORM_BYTES;
};
/** Our largest form (an order) has about 30 fields; unknown extras are tolerated up to this. */
export const MAX_FIELDS = 200;
/** Our longest field name is about 20 characters; path-like names (`a.b.c…`, `a[b][c]…`) are cut off here. */
export const MAX_NAME_LENGTH = 100;

export type BodyRefusalReason =
  | "malformed"
  | "tooLarge"
  | "tooManyFields"
  | "nameTooLong"
  | "unsupportedType"
  | "fileTooLarge"
  | "tooManyFiles"
  | "fileType"
  | "unavailable";

/** Why a body as sent was refused (the visitor's side), with the status the route answers (a small translated 4xx, never a 500). */
export interface FormRefusal {
  ok: false;
  status: 400 | 413 | 415;
  reason: Exclude<BodyRefusalReason, "unavailable">;
}
/**
 * A refused body: the visitor's (FormRefusal), or an upload the site failed to store (503 "try
 * again in a moment", with the text fields read before it, to show again).
 */
export type BodyRefusal = FormRefusal | { ok: false; status: 503; reason: "unavailable"; form?: FormData };

export type FormRead = { ok: true; form: FormData } | FormRefusal;
export type TextRead = { ok: true; text: string } | FormRefusal;

const STATUS: Record<FormRefusal["reason"], FormRefusal["status"]> = {
  malformed: 400,
  nameTooLong: 400,
  tooManyFields: 413,
  tooLarge: 413,
  unsupportedType: 415,
  fileTooLarge: 413,
  tooManyFiles: 413,
  fileType: 415,
};

const refuse = (reason: FormRefusal["reason"]): FormRefusal => ({ ok: false, status: STATUS[reason], reason });

/** The raw bytes, at most `maxBytes` (read chunk by chunk: a chunked or lying body stops at the cap). */
async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | FormRefusal> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return refuse("tooLarge");
  if (!request.body) return new Uint8Array(0);
  if (request.bodyUsed) return refuse("malformed");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return refuse("tooLarge");
      }
      chunks.push(value);
    }
  } catch {
    return refuse("malformed");
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const mediaType = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

/** The body's (name, value) pairs, before any filtering: urlencoded or multipart, already capped in bytes. */
async function entries(
  request: Request,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Array<[string, FormDataEntryValue]> | FormRefusal> {
  const type = mediaType(request);
  if (type === "application/x-www-form-urlencoded" || (type === "" && bytes.byteLength === 0)) {
    // URLSearchParams is linear and flat: it never builds arrays or objects from names.
    return [...new URLSearchParams(new TextDecoder().decode(bytes))];
  }
  if (type === "multipart/form-data") {
    // A form submitted with encType="multipart/form-data" (none of ours today, but a browser may).
    // The platform's parser on at most MAX_FORM_BYTES already in memory: bounded work, flat result.
    try {
      const parsed = await new Response(bytes, {
        headers: { "content-type": request.headers.get("content-type")! },
      }).formData();
      return [...parsed.entries()];
    } catch {
      return refuse("malformed");
    }
  }
  return refuse("unsupportedType");
}

/**
 * The posted form, reduced to the fields named in `allowed` (first text value each), or a refusal.
 * Pass the names the form's schema declares: a new field just works, anything else is dropped.
 * Forms whose action needs no field (sign-out) pass `[]`: the body is still checked.
 */
export async function readForm(
  request: Request,
  allowed: Iterable<string>,
  maxBytes = MAX_FORM_BYTES,
): Promise<FormRead> {
  const bytes = await readBytes(request, maxBytes);
  if (!(bytes instanceof Uint8Array)) return bytes;
  const pairs = await entries(request, bytes);
  if (!Array.isArray(pairs)) return pairs;
  if (pairs.length > MAX_FIELDS) return refuse("tooManyFields");
  const known = new Set(allowed);
  const form = new FormData();
  for (const [name, value] of pairs) {
    if (name.length > MAX_NAME_LENGTH) return refuse("nameTooLong");
    if (known.has(name) && typeof value === "string" && !form.has(name)) form.set(name, value);
  }
  return { ok: true, form };
}

/** Whether the body claims to be multipart (a form with files): such a form is read with readUpload. */
export const isMultipart = (request: Request) => mediaType(request) === "multipart/form-data";

/** A file as it arrives: its field, the name the visitor's system gave it (untrusted), and its bytes. */
export interface IncomingFile {
  field: string;
  /** The visitor's file name, as sent: clean it before showing it, never use it as a path. */
  filename: string;
  /** The type the browser claimed (untrusted: check the bytes). */
  declaredType: string;
  /** The bytes, streamed; it errors (and the read is refused) when a cap is passed. */
  stream: Readable;
}

/**
 * Thrown by an `onFile` handler (or an allowance) when the site's side failed (the file storage or
 * the database): the request is refused with 503 "try again in a moment", not blamed on the form.
 */
export class StorageFailed extends Error {
  constructor(cause?: unknown) {
    super("storage failed", { cause });
  }
}

/** Thrown by an `onFile` handler to refuse the whole request for this file (e.g. its bytes are no allowed type). */
export class FileRefused extends Error {
  readonly reason: "fileType" | "fileTooLarge" | "tooManyFiles";
  constructor(reason: "fileType" | "fileTooLarge" | "tooManyFiles") {
    super(reason);
    this.reason = reason;
  }
}

export type UploadRead<T> = { ok: true; form: FormData; files: T[] } | BodyRefusal;

/**
 * An allowance shared by every upload to one subject (an order's brief files): `reserve` grows what
 * is in use only if it stays within the allowance, atomically (false: refused), `release` gives
 * back. readUpload reserves a named file before its first byte reaches the handler and its bytes a
 * step ahead of them, gives back the unused step when the read succeeds and everything it reserved
 * when the read is refused; what the caller then keeps stays reserved.
 */
export interface UploadAllowance {
  reserve(files: number, bytes: number): Promise<boolean>;
  release(files: number, bytes: number): Promise<void>;
}
/** Bytes are reserved this much ahead of the stream (one database write per step, not per chunk). */
const RESERVE_STEP = 1024 * 1024;

/**
 * A multipart form with files, streamed (busboy): the text fields as readForm gives them (declared
 * names only, first value, capped), and each file handed to `onFile` as it arrives, which stores it
 * and returns what it stored. Caps: the upload's byte cap on the whole body (a chunked one too), its
 * file size, file count and total bytes; and, when an `allowance` is given (the customer's, shared
 * by every post to the order), each named file and each byte is reserved in it before the handler
 * gets it, so concurrent posts cannot together pass it. On any refusal the read stops, every handler has settled (so a handler's partial
 * file is gone) and the caller deletes what the successful handlers stored (`ok: false`, with
 * nothing to keep). The rest of a refused body is read and dropped, up to the cap, so the browser
 * gets the answer instead of a reset connection.
 */
export async function readUpload<T>(
  request: Request,
  upload: UploadName,
  allowed: Iterable<string>,
  onFile: (file: IncomingFile) => Promise<T>,
  allowance: UploadAllowance | null = null,
  onRefused: (stored: T[]) => Promise<void> = async () => {},
): Promise<UploadRead<T>> {
  const caps = UPLOADS[upload];
  const maxFiles = caps.maxFiles;
  const maxTotal = caps.maxTotalBytes;
  const maxBody = caps.maxTotalBytes + UPLOAD_OVERHEAD;
  if (!isMultipart(request)) return refuse("unsupportedType");
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBody) return refuse("tooLarge");
  if (!request.body || request.bodyUsed) return refuse("malformed");
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type")! },
      // Browsers send file names as UTF-8 (busboy reads latin1 unless told).
      defParamCharset: "utf8",
      limits: {
        fileSize: caps.maxFileBytes,
        files: maxFiles,
        fields: MAX_FIELDS,
        parts: MAX_FIELDS + maxFiles,
        fieldNameSize: MAX_NAME_LENGTH,
        fieldSize: MAX_FORM_BYTES,
        headerPairs: 20,
      },
    });
  } catch {
    // No boundary, or not a multipart type busboy knows.
    return refuse("malformed");
  }
  const known = new Set(allowed);
  const form = new FormData();
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  const handlers: Array<Promise<T>> = [];
  const streams: Readable[] = [];
  let failed: BodyRefusalReason | null = null;
  let received = 0;
  let fileBytes = 0;
  /** The bytes of named files: what the allowance counts. */
  let namedBytes = 0;
  // The allowance's reservations run one after another (files follow each other in the body, but a
  // slow handler may still be reading the last one when the next begins).
  let reservations: Promise<unknown> = Promise.resolve();
  const held = { files: 0, bytes: 0 };
  const reserve = (files: number, bytes: number): Promise<boolean> => {
    const granted = reservations.then(async () => {
      if (!allowance || failed) return Boolean(!allowance);
      const ok = await allowance.reserve(files, bytes);
      if (ok) {
        held.files += files;
        held.bytes += bytes;
      }
      return ok;
    });
    reservations = granted.catch(() => {});
    return granted;
  };
  /** Reserves up to `total` bytes of the request's files (a step ahead; only what is needed when a step does not fit). */
  const reserveBytes = async (total: number): Promise<boolean> => {
    if (!allowance || total <= held.bytes) return true;
    const need = total - held.bytes;
    return (await reserve(0, Math.max(need, RESERVE_STEP))) || (await reserve(0, need));
  };

  return new Promise<UploadRead<T>>((resolve) => {
    let finished = false;
    const settle = async () => {
      if (finished) return;
      finished = true;
      const results = await Promise.allSettled(handlers);
      const stored = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      const refused = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
      if (!failed && refused)
        failed =
          refused.reason instanceof FileRefused
            ? refused.reason.reason
            : refused.reason instanceof StorageFailed
              ? "unavailable"
              : "malformed";
      await reservations;
      if (failed) {
        // Giving back may fail too (the storage or the database still down): the answer comes all the same.
        await onRefused(stored).catch(() => {});
        await allowance?.release(held.files, held.bytes).catch(() => {});
        const reason: BodyRefusalReason = failed;
        resolve(reason === "unavailable" ? { ok: false, status: 503, reason, form } : refuse(reason));
      } else {
        // The step reserved ahead and not used.
        await allowance?.release(0, held.bytes - namedBytes).catch(() => {});
        resolve({ ok: true, form, files: stored });
      }
    };
    const fail = (reason: BodyRefusalReason) => {
      if (failed) return;
      failed = reason;
      for (const stream of streams)
        stream.destroy(
          new FileRefused(
            reason === "fileType" ? "fileType" : reason === "tooManyFiles" ? "tooManyFiles" : "fileTooLarge",
          ),
        );
      source.unpipe(parser);
      parser.removeAllListeners();
      parser.on("error", () => {});
      // Drop the rest (already bounded by the cap), then answer.
      if (source.readableEnded) void settle();
      else {
        source.on("end", () => void settle());
        source.resume();
      }
    };
    source.on("data", (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > maxBody) {
        failed ??= "tooLarge";
        source.destroy();
        for (const stream of streams) stream.destroy(new FileRefused("fileTooLarge"));
        void settle();
      }
    });
    source.on("error", () => {
      failed ??= "malformed";
      for (const stream of streams) stream.destroy(new FileRefused("fileTooLarge"));
      void settle();
    });
    parser.on("field", (name, value, info) => {
      if (info.nameTruncated || name.length > MAX_NAME_LENGTH) return fail("nameTooLong");
      if (known.has(name) && !info.valueTruncated && !form.has(name)) form.set(name, value);
    });
    parser.on("file", (field, stream, info) => {
      // A refusal destroys every file stream with its reason; the handler sees it through its own
      // reads, so an error nobody else listens to must not reach the process.
      stream.on("error", () => {});
      if (failed) return stream.resume();
      // The bytes pass through a counter (the request's total), which is what the handler reads.
      // A named file takes one of the allowance's files before any of its bytes pass (an input
      // left empty sends a part with no name and no bytes: it is no file).
      const counts = allowance && info.filename ? reserve(1, 0) : null;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          fileBytes += chunk.byteLength;
          if (fileBytes > maxTotal) {
            fail("tooLarge");
            return done(new FileRefused("fileTooLarge"));
          }
          if (!counts) return done(null, chunk);
          namedBytes += chunk.byteLength;
          const total = namedBytes;
          counts
            .then(async (counted) => {
              if (!counted) {
                fail("tooManyFiles");
                return done(new FileRefused("tooManyFiles"));
              }
              if (!(await reserveBytes(total))) {
                fail("tooLarge");
                return done(new FileRefused("fileTooLarge"));
              }
              done(null, chunk);
            })
            .catch((error: unknown) => {
              // The allowance's database failed: the site's fault, not the form's.
              fail("unavailable");
              done(new StorageFailed(error));
            });
        },
        flush(done) {
          if (!counts) return done();
          // A named file with no bytes still needs its place (the handler then refuses it as empty).
          counts.then(
            (counted) => (counted ? done() : (fail("tooManyFiles"), done(new FileRefused("tooManyFiles")))),
            done,
          );
        },
      });
      counted.on("error", () => {});
      streams.push(stream, counted);
      // busboy ends a file cut at its size cap as if it were whole: fail before that end arrives.
      stream.on("limit", () => fail("fileTooLarge"));
      stream.pipe(counted);
      const handled = onFile({
        field,
        filename: info.filename ?? "",
        declaredType: info.mimeType ?? "",
        stream: counted,
      });
      handled.catch((error: unknown) =>
        fail(
          error instanceof FileRefused ? error.reason : error instanceof StorageFailed ? "unavailable" : "malformed",
        ),
      );
      handlers.push(handled);
    });
    parser.on("filesLimit", () => fail("tooManyFiles"));
    parser.on("fieldsLimit", () => fail("tooManyFields"));
    parser.on("partsLimit", () => fail("tooManyFields"));
    parser.on("error", () => fail("malformed"));
    parser.on("close", () => void settle());
    source.pipe(parser);
  });
}

/**
 * The raw body as text, at most `maxBytes` (the Stripe webhook checks its signature on the exact
 * bytes). Invalid UTF-8 is kept as replacement characters; the signature check then fails.
 */
export async function readRawText(request: Request, maxBytes = MAX_FORM_BYTES): Promise<TextRead> {
  const bytes = await readBytes(request, maxBytes);
  if (!(bytes instanceof Uint8Array)) return bytes;
  return { ok: true, text: new TextDecoder().decode(bytes) };
}

/**
 * The answer to a refused body, to throw from an action: the root ErrorBoundary renders it as a
 * small page saying why, in the visitor's language (`common:errors.body.*`).
 */
export function refusal(refused: BodyRefusal) {
  return data({ refusal: refused.reason }, { status: refused.status });
}

/**
 * The refusal as one line of text in `lang`, for a resource route (no page, so no ErrorBoundary to
 * render the page `refusal` leads to).
 */
export function plainRefusal(refused: BodyRefusal, lang: Language): Response {
  return new Response(`${translator(lang, "common")(`errors.body.${refused.reason}`)}\n`, {
    status: refused.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * readForm for actions that answer any refusal the standard way: the known fields, or a thrown
 * 4xx (the page saying why; a line of text in `plainIn`'s language for a resource route).
 */
export async function requireForm(request: Request, allowed: Iterable<string>, plainIn?: Language): Promise<FormData> {
  const read = await readForm(request, allowed);
  if (!read.ok) throw plainIn ? plainRefusal(read, plainIn) : refusal(read);
  return read.form;
}

/** JSON bodies (the API in) are no deeper than this: ours are two levels; a parser is never handed 5,000. */
export const MAX_JSON_DEPTH = 8;

// A JSON body is read whole before anything is stored: the storage never fails it ("unavailable" is for uploads).
export type JsonRefusalReason = FormRefusal["reason"] | "tooDeep" | "invalid";

/** Why a JSON body was refused; `issues` names the fields a schema refused (paths and messages, never values). */
export interface JsonRefusal {
  ok: false;
  status: 400 | 413 | 415 | 422;
  reason: JsonRefusalReason;
  issues?: Array<{ path: string; message: string }>;
}

export type JsonRead<T> = { ok: true; value: T; text: string } | JsonRefusal;

/** The deepest nesting of arrays and objects in a JSON text, counted in one pass, strings skipped. */
function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

/**
 * A JSON body checked against `schema`, or a refusal: the same byte cap as a form (read chunk by
 * chunk), an `application/json` content type, the nesting counted before the parser runs (a
 * 5,000-deep array never reaches it), then the schema (zod, app/lib/zod.ts): unknown keys are
 * dropped, wrong types refused with the paths at fault. An empty body is `{}`.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = MAX_FORM_BYTES,
): Promise<JsonRead<z.output<S>>> {
  const bytes = await readBytes(request, maxBytes);
  if (!(bytes instanceof Uint8Array)) return bytes;
  const type = mediaType(request);
  // Exactly application/json: a `*+json` type names another format (problem+json, merge-patch), not this body.
  if (bytes.byteLength && type !== "application/json") return refuse("unsupportedType");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse("malformed");
  }
  return checkJsonText(text, schema);
}

/**
 * A JSON text already read (a JSON body, or a JSON field of a multipart form read by readUpload,
 * capped there) checked as readJson checks a body: the nesting counted before the parser runs, then
 * the schema. An empty text is `{}`.
 */
export function checkJsonText<S extends z.ZodType>(text: string, schema: S): JsonRead<z.output<S>> {
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return { ok: false, status: 400, reason: "tooDeep" };
  let parsed: unknown;
  try {
    parsed = text.trim() ? JSON.parse(text) : {};
  } catch {
    return refuse("malformed");
  }
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    const issues = checked.error.issues
      .slice(0, 10)
      .map((issue) => ({ path: issue.path.map(String).join(".").slice(0, 100), message: issue.message.slice(0, 200) }));
    return { ok: false, status: 400, reason: "invalid", issues };
  }
  return { ok: true, value: checked.data, text };
}

/** The text value of a field (at most `max` characters), or "". */
export const field = (form: FormData, name: string, max = 500): string => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
};
