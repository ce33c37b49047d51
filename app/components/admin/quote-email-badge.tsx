import { useTranslation } from "react-i18next";
import type { QuoteEmailState } from "../../admin/quotes.server.ts";

const TONE: Record<QuoteEmailState, string> = {
  sent: "border-emerald-300 bg-emerald-50 text-emerald-900",
  waiting: "border-line bg-white text-ink",
  retrying: "border-amber-300 bg-amber-50 text-amber-900",
  failed: "border-red-300 bg-red-50 text-red-900",
};

/** An email's state as a small badge: a word, not only a colour; `label` names what it is about. */
export function QuoteEmailBadge({ state, label }: { state: QuoteEmailState; label?: string }) {
  const { t } = useTranslation("admin");
  return (
    <span data-email-state={state} className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${TONE[state]}`}>
      {label ? `${label} · ` : ""}
      {t(`quoteEmail.${state}`)}
    </span>
  );
}
