import type { SiteConfig } from "./site-schema.ts";

/** The owner's identity as the legal texts interpolate it ({{company}}, {{address}}…). */
export function legalValues(config: SiteConfig) {
  const { legal } = config;
  return {
    company: legal.company,
    address: legal.address.join(", "),
    registration: legal.registration,
    email: config.contactEmail,
    host: legal.host.name,
    hostAddress: legal.host.address.join(", "),
    emailProvider: legal.emailProvider.name,
    emailProviderCountry: legal.emailProvider.country,
    authority: legal.supervisoryAuthority.name,
  };
}
