import type { RouterContextProvider } from "react-router";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import type { Language } from "../i18n/languages.ts";
import { requestInfoContext } from "../lib/request-context.ts";

export type Context = Readonly<RouterContextProvider>;

/** The back office speaks the owner's language (app/routes/admin.tsx: ?lang=, else the owner's pick, else OWNER_LANG). */
export function adminT(context: Context) {
  return getInstance(context).getFixedT(getLocale(context), "admin");
}

export const adminLang = (context: Context) => getLocale(context) as Language;

/** Page meta for PageHead: every admin page is noindex. */
export function adminMeta(context: Context, titleKey: string) {
  const t = adminT(context);
  return { title: t(titleKey), description: t("title"), noindex: true };
}

export const clientIp = (context: Context) => context.get(requestInfoContext).clientIp;

export const text = (form: FormData, name: string, max = 500) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
};
