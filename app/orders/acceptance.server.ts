import { getOffer, type OfferId } from "../content/offers.ts";
import { termsForOrder, termsVersion } from "../content/terms.ts";
import type { Language } from "../i18n/languages.ts";
import type { OrderAcceptance } from "./types.ts";

/**
 * The buyer's acceptance, recorded when a valid order form arrives (the schema refused it unless
 * every consent the offer asks for was ticked): which terms govern the order and in which
 * language the buyer read them, when, and the immediate-start waiver when the offer asked for it.
 * How it reads in emails and the back office: app/mail/acceptance-rows.server.ts.
 */
export function acceptanceFor(offer: OfferId, lang: Language, at: Date = new Date()): OrderAcceptance {
  return {
    acceptedAt: at.toISOString(),
    termsVersion: termsVersion(lang),
    termsLang: termsForOrder(lang).doc.lang,
    immediateStart: getOffer(offer).immediateStart,
  };
}
