import { data } from "react-router";
import type { Route } from "./+types/order-file";
import { downloadResponse, openOrderFile } from "../delivery/work.server.ts";
import { isLanguage, type Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import { getEnv } from "../lib/env.server.ts";
import { escapeHtml } from "../mail/email-layout.server.ts";
import { fileOfLink } from "../orders/order-page.server.ts";
import { servicesOf } from "../services-context.ts";

/**
 * A file of the order, for the holder of a download link the order page signed a moment ago
 * (FILE_LINK_TTL_SECONDS): always a download. The link names the order and the file only, never
 * the order page's token. A forged or altered link, or one of an order no longer open to its
 * customer, is "not found"; a genuine one past its time gets a 410 in the customer's language that
 * says where the page's link is (the emails), without leading to the page itself.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = await servicesOf(context, { repo: ["orders", "delivery"], links: true, files: true });
  const link = fileOfLink(params.file, services);
  if (!link.ok && link.reason === "invalid") throw data(null, { status: 404 });
  const asked = new URL(request.url).searchParams.get("lang");
  const lang: Language = isLanguage(asked) ? asked : "en";
  if (!link.ok) return expired(lang);
  const order = await services.repo.findById(link.orderId);
  if (!order || order.state !== "paid" || order.erasedAt) throw data(null, { status: 404 });
  const file = await openOrderFile(order.id, link.fileId, services, lang);
  if (!file) throw data(null, { status: 404 });
  return downloadResponse(file.record, file.stored);
}

/** A resource route renders no React page: a small self-contained one, with no script and no outside resource. */
function expired(lang: Language): Response {
  const t = translator(lang, "download");
  const minutes = Math.round(getEnv().FILE_LINK_TTL_SECONDS / 60) || 1;
  const title = escapeHtml(t("expired.title"));
  const body = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${title}</title>
<style>body{margin:0;font:1rem/1.6 system-ui,sans-serif;color:#1c1917;background:#fafaf9}main{max-width:36rem;margin:3rem auto;padding:0 1.25rem}
div{border:1px solid #fcd34d;background:#fffbeb;border-radius:1rem;padding:1.5rem}h1{font-size:1.5rem;line-height:1.25;margin:0}p{margin:.75rem 0 0}
</style></head>
<body><main><div role="alert" data-testid="download-expired"><h1>${title}</h1><p>${escapeHtml(t("expired.text", { minutes }))}</p><p>${escapeHtml(t("expired.where"))}</p></div></main></body></html>`;
  return new Response(body, {
    status: 410,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "same-origin",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
