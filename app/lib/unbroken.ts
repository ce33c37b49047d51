/**
 * Email addresses and order references ("LA-1042") must never break at their hyphens: a reader
 * copying "marie-" from one line and "claire@…" from the next gets a wrong address, and "LA-" /
 * "1042" is no longer something to read out on the phone. Browsers and mail apps break after a
 * hyphen wherever a line is full, and CSS cannot forbid that one break without forbidding all of
 * them; so such a text is cut into pieces that each stay whole, with break points only before
 * its "@" and its dots, where a long address can still wrap on a 320 px screen.
 */
const UNBROKEN = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|\b[A-Z0-9]{1,3}-\d{1,9}\b/gu;

export type TextPart = { text: string; pieces?: never } | { text: string; pieces: string[] };

/** The text as plain runs and, for each address or reference, its unbreakable pieces. */
export function unbrokenParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(UNBROKEN)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], pieces: match[0].split(/(?=[@.])/u) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
