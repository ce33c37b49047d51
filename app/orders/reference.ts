/**
 * The reference a customer reads out on the phone: the brand's initials and the order's number
 * ("Lumen Automation" → "LA-1042"). Only the number is stored (unique, allocated atomically), so a
 * new brand name renames every reference at once; the back office finds an order by either form.
 */
export function referencePrefix(brand: string): string {
  const initials = brand
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join("")
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 3);
  return initials || "N";
}

/** "LA-1042"; an order stored before references existed (no number) keeps its internal id. */
export function formatReference(prefix: string, number: number | null, id: string): string {
  return number === null ? id : `${prefix}-${number}`;
}

/** The number in "LA-1042", "la 1042" or "1042" (a back-office search); null for anything else. */
export function referenceNumberOf(search: string): number | null {
  const match = /^(?:[a-z0-9]{1,3}[-\s]|[a-z]{1,3})?(\d{1,9})$/i.exec(search.trim());
  return match ? Number(match[1]) : null;
}
