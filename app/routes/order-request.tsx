import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import type { Route } from "./+types/order-request";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { readForm } from "../http/read-form.server.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { requestOrderLinks } from "../orders/order-page.server.ts";
import { getOrderServices } from "../services.server.ts";

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
  const outcome = await requestOrderLinks(email, context.get(requestInfoContext).clientIp, await getOrderServices());
  const status = outcome === "invalid" ? 400 : outcome === "rateLimited" ? 429 : 200;
  return data({ outcome, email: outcome === "sent" ? "" : email.slice(0, 254), meta: meta(context) }, { status });
}

export default function OrderRequest({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("order-page");
  const outcome = actionData?.outcome;
  return (
    <section className="container-page max-w-xl py-12 sm:py-16">
      <h1 className="text-3xl font-bold">{t("request.title")}</h1>
      <p className="lead mt-4">{t("request.intro")}</p>
      <Form method="post" className="card mt-8">
        <label htmlFor="order-email" className="block font-semibold">
          {t("request.email")}
        </label>
        <input
          id="order-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={actionData?.email ?? ""}
          aria-invalid={outcome === "invalid" ? true : undefined}
          aria-describedby={outcome ? "order-outcome" : undefined}
          className="mt-2 w-full rounded-xl border border-line bg-white px-4 py-3 text-base aria-invalid:border-red-500"
        />
        <button type="submit" className="btn-primary mt-4">
          {t("request.submit")}
        </button>
        {outcome ? (
          <p id="order-outcome" role={outcome === "sent" ? "status" : "alert"} className={`mt-4 text-sm font-medium ${outcome === "sent" ? "text-emerald-700" : "text-red-700"}`}>
            {t(`request.${outcome}`)}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
