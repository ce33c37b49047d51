import { useTranslation } from "react-i18next";
import { useRootData } from "../../lib/root-data.ts";
import { mailtoHref } from "./blocks.tsx";

/**
 * What every marketing page starts with: its namespace's `t`, the visitor's language, lists from
 * the locale file, and mailto links to the contact address with a translated subject.
 */
export function usePage(ns: string) {
  const { t } = useTranslation(ns);
  const { lang, contactEmail } = useRootData();
  return {
    t,
    lang,
    /** An array in the locale file (`steps.items`, `features.items`), with interpolation values. */
    list: <T = { title: string; text: string }>(key: string, values?: Record<string, unknown>) =>
      t(key, { returnObjects: true, ...values }) as T[],
    /** mailto: the contact address with the subject under `subjectKey`. */
    mailto: (subjectKey: string) => mailtoHref(contactEmail, t(subjectKey)),
  };
}
