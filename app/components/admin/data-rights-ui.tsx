import { useTranslation } from "react-i18next";
import { dateTimeFormatter } from "../../i18n/format.ts";
import type { Language } from "../../i18n/languages.ts";
import type { DataRequest } from "../../privacy/data-request-store.server.ts";

/** One export or erasure as the customers' page lists it. */
export type DataRequestRow = DataRequest;

/** The record of exports and erasures about one person: when, what, by whom — never the data. */
export function DataRequestList({ requests, lang }: { requests: readonly DataRequestRow[]; lang: Language }) {
  const { t } = useTranslation("data-rights");
  const dateTime = dateTimeFormatter(lang, "medium");
  return (
    <>
      <h2 className="mt-8 text-lg font-semibold">{t("requests")}</h2>
      {requests.length ? (
        <ol className="mt-2 space-y-2 border-l-2 border-accent-200 pl-4" data-testid="data-requests">
          {requests.map((request) => (
            <li key={request.id} data-kind={request.kind}>
              <p className="text-xs text-muted">{dateTime(request.createdAt)}</p>
              <p className="font-medium">
                {t(`kind.${request.kind}`)} {t(`by.${request.actor}`)}
              </p>
              <p className="text-sm text-muted">
                {t("counts", { orders: request.orders, quotes: request.quotes, emails: request.emails })}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("noRequests")}</p>
      )}
    </>
  );
}

/** From an order's page to its customer's data (export, erase); nothing once the customer was erased. */
export function CustomerDataLink({ email }: { email: string | null }) {
  const { t } = useTranslation("data-rights");
  if (!email) return null;
  return (
    <p className="mt-6">
      <a
        href={`/admin/customers?email=${encodeURIComponent(email)}`}
        className="font-semibold text-accent-700 underline"
        data-testid="customer-data"
      >
        {t("orderLink")}
      </a>
    </p>
  );
}
