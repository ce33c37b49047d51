import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import type { Route } from "./+types/privacy";
import { LegalSection, LegalShell, legalParagraph } from "../components/legal-shell.tsx";
import { legalValues } from "../config/legal-values.ts";
import { getSiteConfig } from "../config/site.server.ts";
import {
  BRIEF_FIELDS,
  CHECKOUT_FIELDS,
  OFFER_IDS,
  REQUEST_PAGES,
  ORDER_FORM_FIELDS,
  getOffer,
  type OfferKind,
  type OrderFieldName,
} from "../content/offers.ts";
import { formatUnit } from "../i18n/format.ts";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { COOKIES, COOKIE_IDS } from "../lib/cookies.ts";

/**
 * The privacy policy, in the visitor's language, filled from the owner configuration. Two lists
 * are generated, so they cannot drift from the site: the data each kind of offer's order form
 * asks for (the catalogue), and every cookie the site sets (the cookie registry, app/lib/cookies.ts).
 * The retention periods come from the setting the retention job applies (site configuration `retention`).
 */
export function loader({ context }: Route.LoaderArgs) {
  const config = getSiteConfig();
  const lang = getLocale(context);
  const i18n = getInstance(context);
  const order = i18n.getFixedT(lang, "order");
  const offers = i18n.getFixedT(lang, "offers");
  const privacy = i18n.getFixedT(lang, "privacy");
  const orderData = (Object.keys(ORDER_FORM_FIELDS) as OfferKind[]).map((kind) => ({
    kind,
    // A proposal's order ("custom"): any offer sold from a request page.
    offers: (kind === "custom" ? REQUEST_PAGES : OFFER_IDS.filter((id) => getOffer(id).kind === kind)).map((id) =>
      offers(`${id}.name`),
    ),
    // What the order keeps: the form's answers, the billing address the checkout collects, the
    // brief's answers. The form's labels; the Zapier question as the noun its summary uses ("Zapier connection").
    fields: ([...ORDER_FORM_FIELDS[kind], ...CHECKOUT_FIELDS, ...BRIEF_FIELDS[kind]] as OrderFieldName[]).map((field) =>
      order(field === "connectZapier" ? "summary.connectZapier" : `form.${field}`),
    ),
  }));
  const cookies = COOKIE_IDS.map((id) => ({
    id,
    name: COOKIES[id].name,
    audience: COOKIES[id].audience,
    purpose: privacy(`cookieList.purpose.${id}`),
    when: privacy(`cookieList.audience.${COOKIES[id].audience}`),
    lifetime: formatUnit(COOKIES[id].lifetime.value, COOKIES[id].lifetime.unit, lang),
  }));
  // The periods the daily retention job applies (app/privacy/retention.server.ts): one setting, two uses.
  const period = (days: number) => formatUnit(days, "day", lang);
  const retention = {
    unpaidPeriod: period(config.retention.unpaidAttemptDays),
    quotePeriod: period(config.retention.quoteRequestDays),
    customerPeriod: period(config.retention.customerDays),
  };
  return {
    values: { ...legalValues(config), ...retention },
    authorityUrl: config.legal.supervisoryAuthority.url,
    orderData,
    cookies,
  };
}

function OrderDataList({ orderData }: { orderData: ReturnType<typeof loader>["orderData"] }) {
  const { t } = useTranslation("privacy");
  return (
    <>
      <p className={legalParagraph}>{t("orderData.intro")}</p>
      <ul className="mt-4 grid gap-3" data-block="order-data">
        {orderData.map((entry) => (
          <li key={entry.kind} data-kind={entry.kind} className="rounded-2xl border border-line bg-card p-4">
            <p className="font-semibold text-ink">{entry.offers.join(" · ")}</p>
            <p className="mt-1 text-slate-700">{entry.fields.join(", ")}</p>
          </li>
        ))}
      </ul>
      <p className={legalParagraph}>{t("orderData.acceptance")}</p>
      <p className={legalParagraph}>{t("orderData.use")}</p>
    </>
  );
}

function CookieList({ cookies }: { cookies: ReturnType<typeof loader>["cookies"] }) {
  const { t } = useTranslation("privacy");
  return (
    <>
      <p className={legalParagraph}>{t("cookieList.intro")}</p>
      <ul className="mt-4 grid gap-3" data-block="cookie-list">
        {cookies.map((cookie) => (
          <li
            key={cookie.id}
            data-cookie={cookie.name}
            data-audience={cookie.audience}
            className="rounded-2xl border border-line bg-card p-4"
          >
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
              <dt className="text-sm font-semibold text-muted">{t("cookieList.name")}</dt>
              <dd>
                <code className="font-semibold text-ink">{cookie.name}</code> — {cookie.purpose}
              </dd>
              <dt className="text-sm font-semibold text-muted">{t("cookieList.audienceLabel")}</dt>
              <dd>{cookie.when}</dd>
              <dt className="text-sm font-semibold text-muted">{t("cookieList.duration")}</dt>
              <dd>{cookie.lifetime}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function PrivacyPage() {
  const { values, authorityUrl, orderData, cookies } = useLoaderData<typeof loader>();
  const { t } = useTranslation("privacy");
  const sections = t("sections", { returnObjects: true, ...values }) as Array<{
    id: string;
    title: string;
    paragraphs: string[];
  }>;
  return (
    <LegalShell ns="privacy" contents={sections} values={values}>
      {sections.map((section, index) => (
        <LegalSection key={section.id} id={section.id} index={index} title={section.title}>
          {section.id === "data" ? <OrderDataList orderData={orderData} /> : null}
          {section.id === "cookies" ? <CookieList cookies={cookies} /> : null}
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className={legalParagraph}>
              {paragraph}
            </p>
          ))}
          {section.id === "rights" ? (
            <p className="mt-5">
              <a href={`mailto:${values.email}`} className="btn-secondary" data-contact>
                {t("contact")}
              </a>
            </p>
          ) : null}
          {section.id === "authority" ? (
            <p className="mt-4">
              <a
                href={authorityUrl}
                className="font-semibold text-accent-700 underline underline-offset-4"
                rel="noopener noreferrer"
                data-authority
              >
                {t("authorityLink")}
              </a>
            </p>
          ) : null}
        </LegalSection>
      ))}
    </LegalShell>
  );
}
