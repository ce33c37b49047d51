import { data } from "react-router";
import { LinkRequestPage } from "../components/link-request-page.tsx";
import type { Route } from "./+types/subscription-request";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { readForm } from "../http/read-form.server.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { requestManageLink } from "../billing/manage-subscription.server.ts";
import { servicesOf } from "../services-context.ts";

function meta(context: Route.LoaderArgs["context"]) {
  const t = getInstance(context).getFixedT(getLocale(context), "subscription");
  return { title: t("request.title"), description: t("request.intro"), noindex: true };
}

export function loader({ context }: Route.LoaderArgs) {
  return { meta: meta(context) };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** A fresh "manage my subscription" link by email; the answer is the same for known and unknown addresses. */
export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, ["email"]);
  if (!read.ok) return data({ outcome: "invalid" as const, email: "", meta: meta(context) }, { status: read.status });
  const email = String(read.form.get("email") ?? "");
  const outcome = await requestManageLink(
    email,
    context.get(requestInfoContext).clientIp,
    await servicesOf(context, { repo: ["billing", "outbox"], limits: true, worker: true }),
  );
  const status = outcome === "invalid" ? 400 : outcome === "rateLimited" ? 429 : 200;
  return data({ outcome, email: outcome === "sent" ? "" : email.slice(0, 254), meta: meta(context) }, { status });
}

export default function SubscriptionRequest({ actionData }: Route.ComponentProps) {
  return <LinkRequestPage ns="subscription" id="manage" outcome={actionData?.outcome} email={actionData?.email} />;
}
