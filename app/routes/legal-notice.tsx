import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import { LegalSection, LegalShell, legalParagraph } from "../components/legal-shell.tsx";
import { getSiteConfig } from "../config/site.server.ts";
import { formatMoney } from "../i18n/format.ts";
import { pageById, pagePath } from "../i18n/site-map.ts";
import { useRootData } from "../lib/root-data.ts";
import { Unbroken } from "../components/unbroken.tsx";

/**
 * Mentions légales / Impressum: who publishes and who hosts the site, from the owner configuration.
 * LCEN art. 6 III 1 wants a phone number for both; the go-live check refuses a site without them.
 */
export function loader() {
  const { legal, contactEmail } = getSiteConfig();
  return { legal, contactEmail };
}

function Facts({ rows }: { rows: ReadonlyArray<[label: string, value: React.ReactNode | null | undefined]> }) {
  return (
    <dl className="mt-5 grid gap-x-6 gap-y-3 rounded-2xl border border-line bg-card p-5 shadow-card sm:grid-cols-[auto_1fr] sm:p-6">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-muted sm:pt-0.5">{label}</dt>
            <dd className="-mt-2 break-words text-ink sm:mt-0">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

export default function LegalNoticePage() {
  const { legal, contactEmail } = useLoaderData<typeof loader>();
  const { lang } = useRootData();
  const { t } = useTranslation("legal-notice");
  const label = (key: string) => t(`labels.${key}`);
  const lines = (address: readonly string[]) =>
    address.map((line) => (
      <span key={line} className="block">
        {line}
      </span>
    ));
  const sections = [
    { id: "publisher", title: t("publisher") },
    { id: "director", title: t("director") },
    { id: "host", title: t("host") },
    { id: "ip", title: t("ip.title") },
    { id: "data", title: t("data.title") },
  ];
  return (
    <LegalShell ns="legal-notice" contents={sections}>
      <LegalSection id="publisher" index={0} title={t("publisher")}>
        <Facts
          rows={[
            [label("company"), legal.company],
            [label("legalForm"), legal.legalForm],
            [
              label("shareCapital"),
              legal.shareCapital == null ? null : formatMoney(Math.round(legal.shareCapital * 100), "EUR", lang),
            ],
            [label("address"), lines(legal.address)],
            [label("registration"), legal.registration],
            [label("vat"), legal.vatNumber],
            [
              label("phone"),
              legal.phone ? (
                <a
                  href={`tel:${legal.phone.replace(/[^+\d]/g, "")}`}
                  className="text-accent-700 underline underline-offset-4"
                >
                  {legal.phone}
                </a>
              ) : null,
            ],
            [
              label("email"),
              <a href={`mailto:${contactEmail}`} className="text-accent-700 underline underline-offset-4">
                <Unbroken text={contactEmail} />
              </a>,
            ],
          ]}
        />
      </LegalSection>
      <LegalSection id="director" index={1} title={t("director")}>
        <p className={legalParagraph}>{legal.publicationDirector}</p>
      </LegalSection>
      <LegalSection id="host" index={2} title={t("host")}>
        <Facts
          rows={[
            [label("name"), legal.host.name],
            [label("address"), lines(legal.host.address)],
            [
              label("phone"),
              legal.host.phone ? (
                <a
                  href={`tel:${legal.host.phone.replace(/[^+\d]/g, "")}`}
                  className="text-accent-700 underline underline-offset-4"
                >
                  {legal.host.phone}
                </a>
              ) : null,
            ],
            [
              label("website"),
              <a
                href={legal.host.website}
                className="text-accent-700 underline underline-offset-4"
                rel="noopener noreferrer"
              >
                {legal.host.website.replace(/^https:\/\//, "")}
              </a>,
            ],
          ]}
        />
      </LegalSection>
      <LegalSection id="ip" index={3} title={t("ip.title")}>
        <p className={legalParagraph}>{t("ip.text", { company: legal.company })}</p>
      </LegalSection>
      <LegalSection id="data" index={4} title={t("data.title")}>
        <p className={legalParagraph}>{t("data.text")}</p>
        <p className="mt-4">
          <a
            href={pagePath(pageById("privacy"), lang)}
            className="font-semibold text-accent-700 underline underline-offset-4"
          >
            {t("data.link")}
          </a>
        </p>
      </LegalSection>
    </LegalShell>
  );
}
