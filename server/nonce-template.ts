import { randomBytes } from "node:crypto";
import { keptHeaders } from "./page-cache.ts";

/**
 * A dynamic page rendered once and served many times, with a fresh CSP nonce per response: the
 * page is rendered with a placeholder nonce, split where it occurs, and joined with the
 * response's own nonce when served. Used for a paid order's thank-you page (it hydrates, so its
 * scripts carry the nonce); see docs/decisions/002-page-cache.md.
 */
export interface NonceTemplate {
  status: number;
  headers: Record<string, string | string[]>;
  parts: Buffer[];
}

/** Shaped like a real nonce (16 random bytes, base64), unique to this process. */
export const PLACEHOLDER_NONCE = randomBytes(16).toString("base64");

export async function toNonceTemplate(response: Response): Promise<NonceTemplate> {
  const html = Buffer.from(await response.arrayBuffer());
  const parts: Buffer[] = [];
  const marker = Buffer.from(PLACEHOLDER_NONCE);
  let from = 0;
  for (let at = html.indexOf(marker); at !== -1; at = html.indexOf(marker, from)) {
    parts.push(html.subarray(from, at));
    from = at + marker.length;
  }
  parts.push(html.subarray(from));
  return { status: response.status, headers: keptHeaders(response), parts };
}

export function withNonce(template: NonceTemplate, nonce: string): Buffer {
  const glue = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  template.parts.forEach((part, index) => {
    if (index > 0) pieces.push(glue);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** Templates by key, the least recently used dropped beyond `max` (each is a page of ~30 KB). */
export class TemplateCache {
  #entries = new Map<string, Promise<NonceTemplate | null>>();
  readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  get size() {
    return this.#entries.size;
  }

  /** One render per key even under concurrent requests; `null` (not cacheable) is not kept. */
  get(key: string, render: () => Promise<NonceTemplate | null>): Promise<NonceTemplate | null> {
    let entry = this.#entries.get(key);
    if (entry) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry;
    }
    entry = render().then(
      (template) => {
        if (!template) this.#entries.delete(key);
        return template;
      },
      (error: unknown) => {
        this.#entries.delete(key);
        throw error;
      },
    );
    this.#entries.set(key, entry);
    while (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
    return entry;
  }
}
