import { data } from "react-router";
import { LinkRequestPage } from "../components/link-request-page.tsx";
import type { Route } from "./+types/order-request";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { readForm } from "../http/read-form.server.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { requestOrderLinks } from "../orders/order-page.server.ts";
import { servicesOf } from "../services-context.ts";

/** A plain form (no script): it works the same with JavaScript off. */
export const handle = { scriptless: true };

function meta(context: Route.LoaderArgs["context"]) {
  const t = getInstance(context).getFixedT(getLocale(context), "order-page");
  return { title: t("request.title"), description: t("request.intro"), noindex: true };
}

export function loader({ context }: Route.LoaderArgs) {
  return { meta: meta(context) };
}

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

/** The links of an address's orders by email; the answer is the same for known and unknown addresses. */
export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, ["email"]);
  if (!read.ok) return data({ outcome: "invalid" as const, email: "", meta: meta(context) }, { status: read.status });
  const email = String(read.form.get("email") ?? "");
  const outcome = await requestOrderLinks(
    email,
    context.get(requestInfoContext).clientIp,
    await servicesOf(context, { repo: ["orders", "outbox"], limits: true, worker: true }),
  );
  const status = outcome === "invalid" ? 400 : outcome === "rateLimited" ? 429 : 200;
  return data({ outcome, email: outcome === "sent" ? "" : email.slice(0, 254), meta: meta(context) }, { status });
}

export default function OrderRequest({ actionData }: Route.ComponentProps) {
  return <LinkRequestPage ns="order-page" id="order" outcome={actionData?.outcome} email={actionData?.email} />;
}
