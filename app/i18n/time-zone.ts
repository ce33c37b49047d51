import { ownerTimeZone } from "./format.ts";

/**
 * The customer's own clock. A customer's pages (their order page, their subscription page) give
 * times in the customer's time zone where it is known, else in the owner's (OWNER_TIME_ZONE), and
 * name that zone once. It is known when the order form was sent with JavaScript on: public/forms.js
 * fills the form's hidden `tz` field with the browser's zone
 * (`Intl.DateTimeFormat().resolvedOptions().timeZone`), and the order keeps it (orders.time_zone).
 * No cookie: the order carries its customer's zone to any device its link is opened on, and the
 * site keeps nothing more about the visitor. Without JavaScript the field stays empty.
 */

/** The order form's hidden field that carries the browser's time zone. */
export const TIME_ZONE_FIELD = "tz";

/** IANA names ("America/Montreal", "Etc/GMT+5", "UTC"): letters, digits and _ + - / only, bounded. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,3}$/;

/** Is `timeZone` a zone this runtime's Intl knows (an IANA name or one of its links)? */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A zone as a browser posted it, or null: anything that is not an IANA name Intl knows (an offset
 * such as "+05:00", an unknown or overlong name, a non-string) is ignored, never an error.
 */
export function readTimeZone(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const zone = value.trim();
  if (zone.length < 1 || zone.length > 64 || !ZONE_NAME.test(zone)) return null;
  return isTimeZone(zone) ? zone : null;
}

/** The clock of a customer's page: the zone the order recorded, when still valid, else the owner's. */
export function customerTimeZone(recorded: string | null | undefined, owners: string = ownerTimeZone()): string {
  return (recorded && readTimeZone(recorded)) || owners;
}
