import { useTranslation } from "react-i18next";
import { createContext, data, redirect } from "react-router";
import type { Route } from "./+types/admin-customer-erase";
import { customerSummary, eraseCustomer, normaliseEmail } from "../admin/customers.server.ts";
import { adminLang, adminMeta } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { field, requireForm } from "../http/read-form.server.ts";
import { AdminDetailPage, Notice } from "../components/admin/admin-ui.tsx";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { servicesOf } from "../services-context.ts";

/**
 * The second step of an erasure: what will be erased and what kept, then one button. A plain GET
 * page and a POST form, so it works without JavaScript; the erasure happens only on the POST.
 */
/**
 * The address of an erasure the action just refused: the loader that runs after it (same request,
 * same context) shows that customer's page with the refusal, even when the post carried the address
 * only in its body (without it the loader sent the owner to the list and the 409 was lost).
 */
const refusedEmail = createContext<string | null>(null);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const t = getInstance(context).getFixedT(getLocale(context), "data-rights");
  const email = normaliseEmail(new URL(request.url).searchParams.get("email")) ?? context.get(refusedEmail);
  if (!email) throw redirect("/admin/customers", 303);
  const customer = await customerSummary(
    email,
    adminLang(context),
    await servicesOf(context, { repo: ["dataRequests", "orderPrivacy", "quotePrivacy"] }),
  );
  return { meta: { ...adminMeta(context, "title"), title: t("confirm.title") }, customer };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["email"], adminLang(context));
  await requireOwner(context);
  const t = getInstance(context).getFixedT(getLocale(context), "data-rights");
  const email = normaliseEmail(field(form, "email", 300));
  if (!email) return data({ error: t("invalidEmail") }, { status: 400 });
  const outcome = await eraseCustomer(email, await servicesOf(context, { privacy: true }));
  if (outcome.status === "subscriptionRunning") {
    context.set(refusedEmail, email);
    return data({ error: t("subscriptionRunning") }, { status: 409 });
  }
  // Post/redirect/get: a reload does not post again (a second erasure would find nothing, and be recorded).
  throw redirect(`/admin/customers?email=${encodeURIComponent(email)}&done=erased`, 303);
}

export default function AdminCustomerErase({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("data-rights");
  const { customer } = loaderData;
  const back = `/admin/customers?email=${encodeURIComponent(customer.email)}`;
  return (
    <AdminDetailPage back={t("title")} title={t("confirm.title")}>
      <p className="mt-1 font-semibold break-words" data-testid="erase-email">
        {customer.email}
      </p>
      {customer.name ? <p className="text-muted">{customer.name}</p> : null}
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <div className="mt-4 grid gap-4 rounded-2xl border border-line bg-white p-4">
        <div>
          <h2 className="font-semibold">{t("confirm.erases")}</h2>
          <p className="mt-1 text-sm">
            {t("confirm.erasesList", { orders: customer.orders.length, quotes: customer.quotes.length })}
          </p>
        </div>
        <div>
          <h2 className="font-semibold">{t("confirm.keeps")}</h2>
          <p className="mt-1 text-sm">{t("confirm.keepsList")}</p>
        </div>
        <p className="text-sm font-semibold text-red-900">{t("confirm.irreversible")}</p>
      </div>
      {customer.subscriptionRunning ? (
        <Notice tone="error">{t("subscriptionRunning")}</Notice>
      ) : (
        <form
          method="post"
          action={`/admin/customers/erase?email=${encodeURIComponent(customer.email)}`}
          className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center"
        >
          <input type="hidden" name="email" value={customer.email} />
          <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800" data-testid="erase-confirm">
            {t("confirm.submit")}
          </button>
          <a href={back} className="btn-secondary">
            {t("confirm.cancel")}
          </a>
        </form>
      )}
    </AdminDetailPage>
  );
}
