import type { Language } from "../i18n/languages.ts";
import type { Currency } from "./offers.ts";
import { CGV_TRANSLATIONS } from "./terms-translations.ts";

/**
 * The terms of sale and which of them govern which order.
 *
 * The one rule (`governingTerms`): an order placed in English is governed by the English Terms of
 * Service (/tos); an order placed in any other language by the French Conditions générales de vente
 * (/cgv), as the spec's footer links them. A buyer ordering in German, Spanish, Portuguese or Italian
 * reads the CGV in a translation into their language, which names the French text as the one that
 * binds (`termsForReader`). The version a buyer accepts is stored with the order (`termsVersion`).
 *
 * Page chrome (headings, notes, links) lives in locales/{lng}/cgv.json and tos.json. `clause` marks
 * the clauses the spec requires, so tests can check each one is present in every text.
 */
export type Clause = "subscriptions" | "prices" | "withdrawal" | "cancellation" | "ownership" | "data" | "disputes";

export interface TermsSection {
  id: string;
  title: string;
  paragraphs: string[];
  clause?: Clause;
}

export type TermsId = "cgv" | "tos";

export interface TermsDocument {
  id: TermsId;
  lang: Language;
  title: string;
  /** ISO date of the current version, formatted in the visitor's language by the page. */
  updated: string;
  intro: string;
  /** The currencies the prices clause names: every order this text governs is priced in one of them. */
  currencies: readonly Currency[];
  sections: TermsSection[];
}

/** A translation given for the reader's convenience: same version, same sections; the original binds. */
export type TermsTranslation = Omit<TermsDocument, "id" | "updated" | "currencies">;

export const REQUIRED_CLAUSES: readonly Clause[] = [
  "subscriptions",
  "prices",
  "withdrawal",
  "cancellation",
  "ownership",
  "data",
  "disputes",
];

export const CGV: TermsDocument = {
  id: "cgv",
  lang: "fr",
  title: "Conditions générales de vente",
  updated: "2026-11-26",
  currencies: ["EUR"],
  intro:
    "Les présentes conditions générales de vente (CGV) régissent toutes les commandes passées sur ce site auprès de Lumen Automation (le « Prestataire ») par toute personne physique ou morale (le « Client »), à l’exception des commandes passées en anglais, régies par les Terms of Service rédigées en anglais. Elles sont traduites en allemand, en espagnol, en portugais et en italien pour la commodité du Client ; seule la version française fait foi. Le Client les accepte en cochant la case prévue à cet effet sur le formulaire de commande : la version acceptée, la date et l’heure de l’acceptation et la langue dans laquelle il les a lues sont conservées avec la commande et rappelées dans l’e-mail de confirmation.",
  sections: [
    {
      id: "objet",
      title: "Objet et services",
      paragraphs: [
        "Le Prestataire conçoit et met en service des automatisations fondées sur l’intelligence artificielle : workflows de création de vidéos, agents conversationnels, agents de retouche d’images, services de génération de vidéos et licences de jeux de données vidéo.",
        "Le contenu, le délai indicatif de livraison et le prix de chaque offre sont décrits sur sa page et rappelés sur le formulaire de commande avant tout paiement.",
      ],
    },
    {
      id: "commande",
      title: "Commande",
      paragraphs: [
        "La commande est passée au moyen du formulaire en ligne. Le Client garantit l’exactitude des informations fournies ; le Prestataire s’appuie sur celles-ci pour configurer et livrer le service.",
        "Avant de payer, le Client accepte les présentes CGV en cochant la case prévue à cet effet. La commande est ferme dès la confirmation du paiement. Un e-mail récapitulatif est alors adressé au Client ; il rappelle l’acceptation des CGV et, le cas échéant, la demande d’exécution immédiate mentionnée à l’article « Droit de rétractation et exécution immédiate ».",
      ],
    },
    {
      id: "prix",
      clause: "prices",
      title: "Prix et paiement",
      paragraphs: [
        "Les prix sont exprimés en euros, toutes taxes comprises (TTC). Le prix applicable est celui affiché au moment de la commande ; une facture est émise pour chaque paiement.",
        "Le paiement s’effectue par carte bancaire via un prestataire de paiement sécurisé ; le Prestataire n’a jamais connaissance des données complètes de la carte.",
      ],
    },
    {
      id: "abonnements",
      clause: "subscriptions",
      title: "Abonnements mensuels",
      paragraphs: [
        "Les abonnements sont conclus au mois et reconduits tacitement chaque mois, aux mêmes conditions, jusqu’à leur résiliation. Le montant de l’abonnement est prélevé automatiquement au début de chaque période.",
        "Lorsque l’offre prévoit des frais de mise en place, ceux-ci sont réglés à la commande. Le formulaire de commande, la page de paiement et l’e-mail de confirmation indiquent le montant payé le jour de la commande, le montant mensuel et la date du premier prélèvement mensuel.",
      ],
    },
    {
      id: "resiliation",
      clause: "cancellation",
      title: "Résiliation",
      paragraphs: [
        "Le Client peut résilier son abonnement à tout moment, sans frais ni justification, avec le lien « Gérer mon abonnement » envoyé dans chaque e-mail de confirmation (un nouveau lien peut être demandé depuis la page indiquée en bas de chaque page), ou par simple e-mail à l’adresse de contact du site. La résiliation prend effet à la fin de la période mensuelle en cours.",
        "Le Prestataire confirme la résiliation au Client par e-mail, en lui indiquant la date à laquelle l’abonnement prend fin et les effets de la résiliation (article L215-1-1 du Code de la consommation).",
        "Toute période commencée est due dans son intégralité et ne donne lieu à aucun remboursement au prorata.",
      ],
    },
    {
      id: "retractation",
      clause: "withdrawal",
      title: "Droit de rétractation et exécution immédiate",
      paragraphs: [
        "Le Client consommateur dispose en principe d’un délai de quatorze jours à compter de la commande pour se rétracter, sans motif, par toute déclaration dénuée d’ambiguïté adressée à l’adresse de contact du site (articles L221-18 et suivants du Code de la consommation).",
        "Les offres du site sont exécutées immédiatement, avant la fin de ce délai. Le formulaire de commande recueille donc la demande expresse du Client que l’exécution commence sans attendre et sa reconnaissance des conséquences sur son droit de rétractation ; l’e-mail de confirmation les rappelle.",
        "Pour un contenu numérique fourni sans support matériel (vidéos livrées sous forme de fichiers), le Client perd son droit de rétractation dès que la fourniture a commencé (article L221-28, 13°).",
        "Pour un service (mise en place d’un workflow ou d’un agent, puis son fonctionnement mensuel), le Client perd son droit de rétractation une fois le service pleinement exécuté (article L221-28, 1°) ; s’il se rétracte avant, il doit le montant correspondant au service fourni jusqu’à la communication de sa décision (article L221-25).",
        "Le Client qui souhaite conserver son délai de rétractation écrit au Prestataire avant de commander : l’exécution ne commence alors qu’à l’expiration de ce délai.",
      ],
    },
    {
      id: "livraison",
      title: "Exécution et livraison",
      paragraphs: [
        "Les délais indiqués sur chaque page (par exemple 24 ou 48 heures) courent à compter de la réception de toutes les informations nécessaires. Ils sont donnés à titre indicatif ; un retard ne peut justifier l’annulation de la commande que s’il dépasse sept jours ouvrés après relance écrite restée sans réponse.",
      ],
    },
    {
      id: "propriete",
      clause: "ownership",
      title: "Propriété intellectuelle",
      paragraphs: [
        "Les workflows, scénarios d’automatisation, prompts, agents et outils conçus par le Prestataire restent sa propriété exclusive. Le Client bénéficie d’un droit d’utilisation personnel et non exclusif pendant la durée de son abonnement ou, pour un achat unique, pour ses propres besoins.",
        "Les contenus produits pour le Client (vidéos, images, textes) peuvent être librement exploités par celui-ci, sous réserve des conditions d’utilisation des outils tiers employés pour les générer.",
      ],
    },
    {
      id: "donnees",
      clause: "data",
      title: "Données personnelles",
      paragraphs: [
        "Les données collectées lors de la commande servent uniquement à exécuter le service, à facturer et à assurer le support. Elles ne sont jamais revendues.",
        "Conformément au RGPD et à la loi Informatique et Libertés, le Client dispose d’un droit d’accès, de rectification, d’effacement, de limitation, de portabilité et d’opposition, qu’il exerce par e-mail à l’adresse de contact du site. Il peut également introduire une réclamation auprès de la CNIL.",
      ],
    },
    {
      id: "responsabilite",
      title: "Responsabilité",
      paragraphs: [
        "Le Prestataire est tenu d’une obligation de moyens. Il ne saurait être tenu responsable des interruptions ou évolutions des plateformes et services tiers (réseaux sociaux, messageries, modèles d’IA) sur lesquels reposent les automatisations.",
      ],
    },
    {
      id: "litiges",
      clause: "disputes",
      title: "Droit applicable et litiges",
      paragraphs: [
        "Les présentes CGV sont soumises au droit français. En cas de différend, les parties rechercheront d’abord une solution amiable.",
        "À défaut d’accord, tout litige sera porté devant les tribunaux compétents du ressort du siège du Prestataire, sous réserve des règles impératives protégeant les consommateurs.",
      ],
    },
  ],
};

export const TOS: TermsDocument = {
  id: "tos",
  lang: "en",
  title: "Terms of Service",
  updated: "2026-11-26",
  currencies: ["EUR", "GBP"],
  intro:
    "These terms of service govern every order placed in English on this website with Lumen Automation (the “Provider”) by any individual or business (the “Customer”); orders placed in any other language are governed by the French Conditions générales de vente. The Customer accepts these terms by ticking the box provided on the order form: the version accepted, the date and time of acceptance and the language in which the Customer read them are kept with the order and repeated in the confirmation e-mail.",
  sections: [
    {
      id: "services",
      title: "Services",
      paragraphs: [
        "The Provider designs and runs AI-powered automations: video creation workflows, chat agents, image-editing agents, video generation services and licences for video datasets.",
        "The scope, indicative delivery time and price of each offer are set out on its page and shown again on the order form before any payment.",
      ],
    },
    {
      id: "orders",
      title: "Orders",
      paragraphs: [
        "Orders are placed through the online form. The Customer is responsible for the accuracy of the information provided, which the Provider relies on to set up and deliver the service.",
        "Before paying, the Customer accepts these terms by ticking the box provided. An order becomes binding once payment is confirmed, after which the Customer receives a confirmation e-mail; it repeats the acceptance of these terms and, where given, the request for immediate performance described under “Right of withdrawal and immediate performance”.",
      ],
    },
    {
      id: "prices",
      clause: "prices",
      title: "Prices and payment",
      paragraphs: [
        "Prices include all applicable taxes. They are stated in euros, except the Veo3 offers ordered in English, which are stated and charged in pounds sterling. The price that applies is the one displayed when the order is placed; an invoice is issued for every payment.",
        "Payment is made by card through a secure payment provider; the Provider never sees the full card details.",
      ],
    },
    {
      id: "subscriptions",
      clause: "subscriptions",
      title: "Monthly subscriptions",
      paragraphs: [
        "Subscriptions run month to month and renew automatically each month on the same terms until cancelled. The subscription fee is charged automatically at the start of each period.",
        "Where an offer includes a set-up fee, it is paid with the order. The order form, the payment page and the confirmation e-mail state what is charged on the day of the order, the monthly amount and the date of the first monthly charge.",
      ],
    },
    {
      id: "cancellation",
      clause: "cancellation",
      title: "Cancellation",
      paragraphs: [
        'The Customer may cancel a subscription at any time, free of charge and without giving a reason, with the "Manage my subscription" link sent in every confirmation e-mail (a fresh link can be requested from the page linked at the foot of every page), or by e-mail to the site\'s contact address. Cancellation takes effect at the end of the current monthly period.',
        "The Provider confirms the cancellation to the Customer by e-mail, stating the date on which the subscription ends and what the cancellation means for the Customer.",
        "A period that has begun is due in full; no pro-rata refunds are made.",
      ],
    },
    {
      id: "withdrawal",
      clause: "withdrawal",
      title: "Right of withdrawal and immediate performance",
      paragraphs: [
        "A Customer who is a consumer normally has fourteen days from the order to withdraw from it without giving any reason, by any clear statement sent to the site's contact address.",
        "The offers on this website are performed immediately, before that period ends. The order form therefore records the Customer's express request that performance begin at once and the Customer's acknowledgement of what this means for the right of withdrawal; the confirmation e-mail repeats both.",
        "For digital content not supplied on a tangible medium (videos delivered as files), the Customer loses the right of withdrawal once supply has begun.",
        "For a service (setting up a workflow or an agent, then running it every month), the Customer loses the right of withdrawal once the service has been fully performed; a Customer who withdraws before then owes an amount in proportion to what was provided until they informed the Provider of their decision.",
        "A Customer who wishes to keep the withdrawal period writes to the Provider before ordering: performance then begins only once that period has ended.",
      ],
    },
    {
      id: "delivery",
      title: "Performance and delivery",
      paragraphs: [
        "Delivery times stated on each page (for example 24 or 48 hours) run from receipt of all the information needed. They are indicative; a delay only entitles the Customer to cancel the order if it exceeds seven working days after a written reminder has gone unanswered.",
      ],
    },
    {
      id: "ownership",
      clause: "ownership",
      title: "Intellectual property",
      paragraphs: [
        "Workflows, automation scenarios, prompts, agents and tools designed by the Provider remain the Provider's exclusive property. The Customer receives a personal, non-exclusive right to use them for the duration of the subscription or, for a one-time purchase, for its own needs.",
        "Content produced for the Customer (videos, images, text) may be used freely by the Customer, subject to the terms of the third-party tools used to generate it.",
      ],
    },
    {
      id: "data",
      clause: "data",
      title: "Personal data",
      paragraphs: [
        "Data collected with an order is used only to deliver the service, invoice it and provide support. It is never sold.",
        "Under the GDPR, the Customer has the right to access, rectify, erase, restrict and port their data and to object to its processing, by e-mail to the site's contact address. The Customer may also lodge a complaint with a data protection authority.",
      ],
    },
    {
      id: "liability",
      title: "Liability",
      paragraphs: [
        "The Provider undertakes to use its best efforts. It is not liable for outages or changes of the third-party platforms and services (social networks, messaging apps, AI models) that the automations rely on.",
      ],
    },
    {
      id: "disputes",
      clause: "disputes",
      title: "Governing law and disputes",
      paragraphs: [
        "These terms are governed by French law. The parties will first seek an amicable solution to any dispute.",
        "Failing agreement, any dispute shall be brought before the competent courts for the place of the Provider's registered office, subject to mandatory consumer protection rules.",
      ],
    },
  ],
};

/** Every text a reader can be shown: the two originals and the CGV's translations. */
export const TERMS_TEXTS: readonly TermsDocument[] = [
  CGV,
  TOS,
  ...Object.values(CGV_TRANSLATIONS).map((translation): TermsDocument => ({
    ...translation,
    id: "cgv",
    updated: CGV.updated,
    currencies: CGV.currencies,
  })),
];

/** The one rule: which terms govern an order placed in `lang`. */
export function governingTerms(lang: Language): TermsDocument {
  return lang === "en" ? TOS : CGV;
}

/**
 * What a page of terms shows a reader of `lang`: the CGV in the reader's language where a
 * translation exists (de, es, pt, it), naming the French text as the one that binds; otherwise the
 * original (the French CGV, or the English Terms whatever the reader's language).
 */
export function termsText(
  id: TermsId,
  lang: Language,
): { doc: TermsDocument; original: TermsDocument; translated: boolean } {
  const original = id === "cgv" ? CGV : TOS;
  const doc = (id === "cgv" && TERMS_TEXTS.find((text) => text.id === "cgv" && text.lang === lang)) || original;
  return { doc, original, translated: doc !== original };
}

/** The terms a buyer ordering in `lang` accepts: the governing text, in their language where it exists. */
export function termsForOrder(lang: Language) {
  return termsText(governingTerms(lang).id, lang);
}

/** The version stored with an order's acceptance: which text, and its date ("cgv-2026-11-26"). */
export function termsVersion(lang: Language): string {
  const governing = governingTerms(lang);
  return `${governing.id}-${governing.updated}`;
}
