/**
 * The countries a billing address may name: ISO 3166-1 alpha-2 codes (what Stripe Checkout's
 * `customer_details.address.country` holds), plus XK (Kosovo), which Stripe accepts too. Their
 * names are never written here: `Intl.DisplayNames` gives each in the reader's language.
 */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
).split(" ");

const KNOWN = new Set(COUNTRY_CODES);

export function isCountryCode(value: unknown): value is string {
  return typeof value === "string" && KNOWN.has(value);
}

/** A country's name in `lang`; a value that is no code (an order from before the list) as it was typed. */
export function countryName(value: string, lang: string): string {
  if (!isCountryCode(value)) return value;
  return new Intl.DisplayNames([lang], { type: "region", fallback: "code" }).of(value) ?? value;
}

/** Every country as a `<select>` lists it: by its name in `lang`, sorted in that language's order. */
export function countryOptions(lang: string): Array<{ value: string; label: string }> {
  const names = new Intl.DisplayNames([lang], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(lang);
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

/** The country a language's own locale names (its `intlLocale`: fr-FR, en-GB, de-DE, es-ES, pt-PT, it-IT). */
const LANGUAGE_COUNTRY: Record<string, string> = { fr: "FR", en: "GB", de: "DE", es: "ES", pt: "PT", it: "IT" };

/**
 * The country a checkout preselects, as Stripe Checkout does from the browser: the region of the
 * browser's first Accept-Language tag that has one ("fr-BE" → BE), else the page language's own
 * country. Only a guess the buyer can change, never a rule.
 */
export function likelyCountry(lang: string, acceptLanguage: string | null | undefined): string | undefined {
  for (const item of (acceptLanguage ?? "").split(",").slice(0, 10)) {
    const region = item.trim().split(";")[0]!.split("-")[1]?.toUpperCase();
    if (region && isCountryCode(region)) return region;
  }
  return LANGUAGE_COUNTRY[lang];
}
