import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/invoice";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { sandboxInvoice } from "../billing/invoice.server.ts";
import { servicesOf } from "../services-context.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(getLocale(context), "subscription");
  const meta = { title: t("invoice.title"), description: t("invoice.title"), noindex: true };
  const invoice = await sandboxInvoice(
    params.token,
    await servicesOf(context, { repo: ["orders", "database"], provider: true, links: true }),
  );
  if (!invoice) throw data({ meta }, { status: 404 });
  return { invoice, meta };
}

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("subscription");
  const { invoice } = loaderData;
  return (
    <section className="container-page max-w-2xl py-12 sm:py-16">
      <p className="eyebrow">{t("invoice.sandbox")}</p>
      <h1 className="mt-2 text-3xl font-bold">{t("invoice.title")}</h1>
      <div className="card mt-8">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="text-sm font-semibold text-muted">{t("invoice.number")}</dt>
          <dd className="break-all font-mono text-sm" data-testid="invoice-number">
            {invoice.number}
          </dd>
          <dt className="text-sm font-semibold text-muted">{t("invoice.date")}</dt>
          <dd>{invoice.date}</dd>
          <dt className="text-sm font-semibold text-muted">{t("invoice.billedTo")}</dt>
          <dd className="break-words">
            {invoice.billedTo.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </dd>
        </dl>
        <table className="mt-6 w-full text-left">
          <thead>
            <tr className="border-b border-line text-sm text-muted">
              <th className="py-2 font-semibold">{t("invoice.item")}</th>
              <th className="py-2 text-right font-semibold">{t("invoice.amount")}</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.label} className="border-b border-line">
                <td className="py-2 pr-4">{line.label}</td>
                <td className="py-2 text-right whitespace-nowrap">{line.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th className="pt-3">{t("invoice.total")}</th>
              <td className="pt-3 text-right text-lg font-bold whitespace-nowrap" data-testid="invoice-total">
                {invoice.total}
              </td>
            </tr>
            {invoice.creditNotes.map((note) => (
              <tr key={note.label} data-testid="invoice-credit-note">
                <td className="pt-2 pr-4 text-sm">{note.label}</td>
                <td className="pt-2 text-right whitespace-nowrap">{note.amount}</td>
              </tr>
            ))}
            {invoice.net ? (
              <tr>
                <th className="pt-3">{t("invoice.net")}</th>
                <td className="pt-3 text-right text-lg font-bold whitespace-nowrap" data-testid="invoice-net">
                  {invoice.net}
                </td>
              </tr>
            ) : null}
          </tfoot>
        </table>
        <p className="mt-4 text-sm text-muted">{t("invoice.taxIncluded")}</p>
      </div>
    </section>
  );
}
