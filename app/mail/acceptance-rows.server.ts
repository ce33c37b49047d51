import { TERMS_TEXTS, governingTerms } from "../content/terms.ts";
import { formatDate, formatDay, formatLanguageName, quoted } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Order } from "../orders/types.ts";

/**
 * The acceptance as summary rows, labelled in `lang` (the customer's for their confirmation email,
 * the owner's in the back office). The terms' title and the immediate-start statement stay in the
 * words the buyer was shown, so what is repeated is exactly what was agreed to.
 */
export function acceptanceRows(order: Order, lang: Language = order.lang): Array<[label: string, value: string]> {
  const { acceptance } = order;
  if (!acceptance) return [];
  const t = translator(lang);
  const [id, version] = splitVersion(acceptance.termsVersion);
  const read =
    TERMS_TEXTS.find((text) => text.id === id && text.lang === acceptance.termsLang) ?? governingTerms(order.lang);
  const rows: Array<[string, string]> = [
    [
      t("summary.termsAccepted"),
      t("summary.termsValue", {
        title: read.title,
        date: version ? formatDay(version, lang) : acceptance.termsVersion,
        language: formatLanguageName(acceptance.termsLang, lang),
        at: formatDate(new Date(acceptance.acceptedAt), lang, true),
        interpolation: { escapeValue: false },
      }),
    ],
  ];
  if (acceptance.immediateStart) {
    rows.push([
      t("summary.immediateStart"),
      quoted(translator(order.lang)(`form.immediateStart.${acceptance.immediateStart}`), lang),
    ]);
  }
  return rows;
}

/** "cgv-2026-11-26" → ["cgv", "2026-11-26"]. */
function splitVersion(version: string): [string, string | null] {
  const match = /^([a-z]+)-(\d{4}-\d{2}-\d{2})$/.exec(version);
  return match ? [match[1]!, match[2]!] : [version, null];
}
