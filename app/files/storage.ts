// The storage port for customers' and owner's files (briefs' attachments, deliveries).
// Two adapters implement it: the local disk under DATA_DIR (the embedded default) and an
// S3-compatible bucket (FILES_S3_* settings). The rooms that own files (delivery) keep their
// names, sizes and owners in the database; the storage only keeps bytes under an opaque key, so
// switching adapters never changes what a page shows.

import type { Readable } from "node:stream";

export interface StoredFile {
  /** The bytes, streamed: a file is never held whole in memory. */
  body: Readable;
  size: number;
}

export interface FileStorage {
  /** "disk" or "s3": shown on the health page and in logs. */
  readonly kind: "disk" | "s3";
  /**
   * Stores `body` under `key` (letters, digits, `-`, `_`, `/` only; made by the caller, never
   * from a visitor's file name). Resolves once the bytes are durable. A `key` that exists is
   * replaced. Rejects if `body` errors (the caller's byte cap aborts it that way), leaving nothing.
   */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** The file, or null when no such key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the key; resolves also when it did not exist (erasure is idempotent). */
  delete(key: string): Promise<void>;
  /** Every key under `prefix`, for export and erasure checks. */
  list(prefix: string): Promise<string[]>;
}

/** Keys are made by our code; this guards against a visitor's text ever reaching the storage. */
export const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_\-/]{0,200}$/;
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("//") || key.includes("..")) throw new Error("unsafe storage key");
}
