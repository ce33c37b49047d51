import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import { LegalSection, LegalShell, legalParagraph } from "../components/legal-shell.tsx";
import { legalValues } from "../config/legal-values.ts";
import { getSiteConfig } from "../config/site.server.ts";

/** The privacy policy, in the visitor's language, filled from the owner configuration. */
export function loader() {
  const config = getSiteConfig();
  return { values: legalValues(config), authorityUrl: config.legal.supervisoryAuthority.url };
}

export default function PrivacyPage() {
  const { values, authorityUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation("privacy");
  const sections = t("sections", { returnObjects: true, ...values }) as Array<{ id: string; title: string; paragraphs: string[] }>;
  return (
    <LegalShell ns="privacy" contents={sections} values={values}>
      {sections.map((section, index) => (
        <LegalSection key={section.id} id={section.id} index={index} title={section.title}>
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
              <a href={authorityUrl} className="font-semibold text-accent-700 underline underline-offset-4" rel="noopener noreferrer" data-authority>
                {t("authorityLink")}
              </a>
            </p>
          ) : null}
        </LegalSection>
      ))}
    </LegalShell>
  );
}
