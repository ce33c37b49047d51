import fs from "node:fs";
import path from "node:path";
import type { AdminClient } from "./admin.ts";

/** The back office's money words (locales/<lang>/money.json), for assertions in the owner's language. */
export const moneyLocale = (lang: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/money.json`), "utf8"));

/** Text as React writes it in HTML (apostrophes, quotes, angle brackets escaped). */
export const asHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/'/g, "&#x27;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

/** The hidden fields of a confirmation screen's form (what the Confirm button posts). */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([\w]+)" value="([^"]*)"\/?>/g)) {
    fields[match[1]!] = match[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  }
  return fields;
}

/** Opens a confirmation screen (the first step's GET) as the owner: its status, HTML and form fields. */
/**
 * The back office speaks OWNER_LANG (en on these test servers) whatever the browser asks; a screen
 * in another language is asked for with `?lang=`.
 */
const inLang = (pathname: string, lang: string) =>
  lang === "en" ? pathname : `${pathname}${pathname.includes("?") ? "&" : "?"}lang=${lang}`;

export async function openScreen(owner: AdminClient, pathname: string, lang = "en") {
  const res = await owner.get(inLang(pathname, lang));
  const html = await res.text();
  return {
    status: res.status,
    html,
    fields: hiddenFields(html),
    url: res.url ? new URL(res.url).pathname + new URL(res.url).search : pathname,
  };
}

/** Posts a confirmation; returns the status and where it leads (303) or the page (4xx). */
export async function confirmPost(owner: AdminClient, pathname: string, fields: Record<string, string>, lang = "en") {
  const res = await owner.post(inLang(pathname, lang), fields);
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

/** The money section's figures on the order page, as text. */
export async function orderPage(owner: AdminClient, orderId: string, lang = "en"): Promise<string> {
  const res = await owner.get(`/admin/orders/${orderId}`, { headers: { "Accept-Language": lang } });
  if (res.status !== 200) throw new Error(`order page answered ${res.status}`);
  return res.text();
}
