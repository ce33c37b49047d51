import { useTranslation } from "react-i18next";
import type { EmailRow, EmailState } from "../../admin/email-state.ts";
import { dateTimeFormatter } from "../../i18n/format.ts";
import type { Language } from "../../i18n/languages.ts";

const TONE: Record<EmailState, string> = {
  sent: "border-emerald-300 bg-emerald-50 text-emerald-900",
  waiting: "border-line bg-white text-ink",
  retrying: "border-amber-300 bg-amber-50 text-amber-900",
  failed: "border-red-300 bg-red-50 text-red-900",
};

/** An email's state as a small badge: a word, not only a colour; `label` names what it is about. */
export function EmailStateBadge({ state, label }: { state: EmailState; label?: string }) {
  const { t } = useTranslation("admin");
  return (
    <span data-email-state={state} className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${TONE[state]}`}>
      {label ? `${label} · ` : ""}
      {t(`emailState.${state}`)}
    </span>
  );
}

/** The emails about an order or a quote request: kind, state, attempts, when sent, the last error. */
export function EmailList({ emails, lang, testId }: { emails: EmailRow[]; lang: Language; testId: string }) {
  const { t } = useTranslation("admin");
  const dateTime = dateTimeFormatter(lang, "medium");
  return (
    <>
      <h2 className="mt-6 text-lg font-semibold">{t("order.emails")}</h2>
      {emails.length ? (
        <ol className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white text-sm" data-testid={testId}>
          {emails.map((email) => (
            <li key={email.id} className="px-4 py-3" data-kind={email.kind}>
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium break-words" title={email.kind}>
                  {email.kindKey ? t(`emailKinds.${email.kindKey}`) : email.kind}
                </span>
                <EmailStateBadge state={email.state} />
              </span>
              <span className="mt-1 block text-muted">
                {t("order.attempts", { count: email.attempts })}
                {email.sentAt ? ` · ${dateTime(email.sentAt)}` : ""}
              </span>
              {email.lastError ? <span className="mt-1 block break-words text-red-800">{email.lastError}</span> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("order.noEmails")}</p>
      )}
    </>
  );
}
