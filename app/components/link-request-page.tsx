import { useTranslation } from "react-i18next";
import { Form } from "react-router";

export type LinkRequestOutcome = "sent" | "invalid" | "rateLimited";

/**
 * "Send me my link again" as a page: one email field and the answer, the same whether or not the
 * address is known. The subscription-management link (/subscription) and the order links (/order)
 * share it; each passes its namespace (`request.title`, `.intro`, `.email`, `.submit` and one key per
 * outcome) and the id its field and answer carry.
 */
export function LinkRequestPage({
  ns,
  id,
  outcome,
  email,
}: {
  ns: string;
  id: string;
  outcome?: LinkRequestOutcome;
  email?: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <section className="container-page max-w-xl py-12 sm:py-16">
      <h1 className="text-3xl font-bold">{t("request.title")}</h1>
      <p className="lead mt-4">{t("request.intro")}</p>
      <Form method="post" className="card mt-8">
        <label htmlFor={`${id}-email`} className="block font-semibold">
          {t("request.email")}
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={email ?? ""}
          aria-invalid={outcome === "invalid" ? true : undefined}
          aria-describedby={outcome ? `${id}-outcome` : undefined}
          className="mt-2 w-full rounded-xl border border-line bg-white px-4 py-3 text-base aria-invalid:border-red-500"
        />
        <button type="submit" className="btn-primary mt-4">
          {t("request.submit")}
        </button>
        {outcome ? (
          <p
            id={`${id}-outcome`}
            role={outcome === "sent" ? "status" : "alert"}
            className={`mt-4 text-sm font-medium ${outcome === "sent" ? "text-emerald-700" : "text-red-700"}`}
          >
            {t(`request.${outcome}`)}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
