import { z } from "../lib/zod.ts";
import { LANGUAGES, type Language } from "../i18n/languages.ts";
import { applyTypography } from "../i18n/typography.ts";
import { CATALOGUE_PAGES, type ProofPage } from "../content/catalogue.ts";
import { VIDEO_SLOTS, type Platform } from "../content/media.ts";

/**
 * The owner configuration (config/site.json, or the file SITE_CONFIG names): everything that
 * identifies the business. Validated once at start-up; `null` means "not configured yet", which
 * the pages handle gracefully (artwork instead of a player, a monogram instead of a photo, a tile
 * without a link) and the go-live check (go-live.ts) refuses in live mode.
 */

/** The id each platform's player needs, checked so a typo never becomes "video unavailable". */
const VIDEO_REF: Record<Platform, { pattern: RegExp; hint: string }> = {
  youtube: {
    pattern: /^[A-Za-z0-9_-]{11}$/,
    hint: "a YouTube video id: 11 characters, as in youtube.com/watch?v=dQw4w9WgXcQ",
  },
  tiktok: {
    pattern: /^\d{15,21}$/,
    hint: "a TikTok video id: the digits at the end of tiktok.com/@you/video/7300000000000000000",
  },
  linkedin: {
    pattern: /^https:\/\/www\.linkedin\.com\/(feed\/update\/urn:li:(activity|share|ugcPost):\d+|posts\/[\w%-]+)\/?$/,
    hint: "a LinkedIn post address, as in https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000000/",
  },
};

const text = z.string().trim().min(1, "must not be empty");
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// address" });
const address = z.array(text).min(1, "needs at least one line").max(6);
/** A phone number as people write it: digits, spaces, dots, dashes, brackets, a leading +. */
const phone = text.regex(/^\+?[0-9][0-9 ().-]{5,24}$/, "must be a phone number such as +33 4 72 00 12 34");
/**
 * One text per language. Each is set in its language's typography as it is read (curly
 * apostrophes and no-break spaces in French, „…“ in German, the glossary: app/i18n/typography.ts):
 * the owner types "l'agent : oui" on a keyboard, the pages show "l’agent\u00a0: oui".
 */
const perLanguage = <T extends z.ZodType>(schema: T) =>
  z
    .object(
      Object.fromEntries(
        LANGUAGES.map((lang) => [lang, schema.transform((value) => typeset(lang, value) as z.output<T>)]),
      ) as unknown as Record<(typeof LANGUAGES)[number], T>,
    )
    .strict();

/** Applies a language's rules to every string in a value (a text or a list of texts). */
function typeset(lang: Language, value: unknown): unknown {
  if (typeof value === "string") return applyTypography(lang, value);
  if (Array.isArray(value)) return value.map((item) => typeset(lang, item));
  return value;
}

export const PROFILE_IDS = ["linkedin", "youtube", "facebook", "dlive", "twitch"] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

/** The platform's own host: a profile address elsewhere is a mistake. */
export const PROFILE_HOSTS: Record<ProfileId, { name: string; hosts: readonly string[] }> = {
  linkedin: { name: "LinkedIn", hosts: ["linkedin.com", "www.linkedin.com"] },
  youtube: { name: "YouTube", hosts: ["youtube.com", "www.youtube.com"] },
  facebook: { name: "Facebook", hosts: ["facebook.com", "www.facebook.com"] },
  dlive: { name: "DLive", hosts: ["dlive.tv"] },
  twitch: { name: "Twitch", hosts: ["twitch.tv", "www.twitch.tv"] },
};

const profile = (id: ProfileId) =>
  z
    .object({
      /** The profile page; null: not set yet (refused in live mode); false: no tile for this platform. */
      url: z
        .union([
          z.literal(false),
          httpsUrl
            .refine(
              (url) => PROFILE_HOSTS[id].hosts.includes(new URL(url).hostname),
              `must be a ${PROFILE_HOSTS[id].name} address (${PROFILE_HOSTS[id].hosts[0]})`,
            )
            .refine(
              (url) => new URL(url).pathname.replace(/\/+$/, "") !== "",
              `must be your own ${PROFILE_HOSTS[id].name} page, not the platform's home page`,
            ),
        ])
        .nullable(),
      followers: z.number().int().min(0),
    })
    .strict();

const videos = z
  .object(
    Object.fromEntries(
      Object.entries(VIDEO_SLOTS).map(([slot, video]) => [
        slot,
        z
          .union([
            z.literal(false),
            z
              .string()
              .trim()
              .regex(
                VIDEO_REF[video.platform].pattern,
                `must be ${VIDEO_REF[video.platform].hint}, false (leave it out) or null (not set yet)`,
              ),
          ])
          .nullable()
          .optional(),
      ]),
    ),
  )
  .strict();

/** The offer pages proof can be attached to (a case study, an FAQ, a testimonial's offer): the catalogue's `proof` pages. */
export const PROOF_PAGES = CATALOGUE_PAGES.filter((page) => page.proof).map((page) => page.id as ProofPage);
export type { ProofPage } from "../content/catalogue.ts";

/** The five questions every offer's FAQ may answer (their wording: common.json `proof.faq.*`). */
export const FAQ_TOPICS = ["needs", "delivery", "revisions", "refunds", "data"] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];

/** A picture of the owner's own (a file under public/) or an https address. */
const picture = z
  .string()
  .regex(
    /^(\/[\w./-]+\.(jpe?g|png|webp|avif|svg)|https:\/\/\S+)$/i,
    "must be a path under public/ such as /media/me.jpg, or an https:// address",
  );

/**
 * `sample: true` marks the demo's invented content: the page shows a "sample" badge on it and the
 * go-live check refuses it, so it can never pass for a real client's words.
 */
const sample = z.boolean().optional();

/**
 * Proof the owner fills in (all optional: each block appears only when it has content, and the
 * go-live check never asks for it). Texts are per language, as the visitor reads them.
 */
const proof = z
  .object({
    testimonials: z
      .array(
        z
          .object({
            sample,
            name: text.max(80),
            role: perLanguage(text.max(120)),
            quote: perLanguage(text.max(600)),
            photo: picture.nullable().optional(),
            link: httpsUrl.nullable().optional(),
            /** Offer pages this testimonial is about; none: shown on the home page only. */
            offers: z.array(z.enum(PROOF_PAGES)).optional(),
          })
          .strict(),
      )
      .max(12)
      .default([]),
    caseStudies: z
      .array(
        z
          .object({
            sample,
            offer: z.enum(PROOF_PAGES),
            client: text.max(80),
            situation: perLanguage(text.max(600)),
            built: perLanguage(text.max(600)),
            figures: z
              .array(z.object({ value: text.max(24), label: perLanguage(text.max(80)) }).strict())
              .min(1)
              .max(4),
          })
          .strict(),
      )
      .max(20)
      .default([]),
    clientLogos: z
      .array(z.object({ sample, name: text.max(60), image: picture, url: httpsUrl.nullable().optional() }).strict())
      .max(12)
      .default([]),
    faq: z
      .partialRecord(
        z.enum(PROOF_PAGES),
        z
          .object(
            Object.fromEntries(FAQ_TOPICS.map((topic) => [topic, perLanguage(text.max(800)).optional()])) as Record<
              FaqTopic,
              z.ZodOptional<ReturnType<typeof perLanguage<typeof text>>>
            >,
          )
          .extend({ sample })
          .strict(),
      )
      .default({}),
  })
  .strict();

export type SiteProof = z.infer<typeof proof>;

/** The retention periods when the configuration sets none (days; see `retention` below). */
export const RETENTION_DEFAULTS = { unpaidAttemptDays: 30, quoteRequestDays: 1095, customerDays: 4018 } as const;

export const SiteConfigSchema = z
  .object({
    /** The brand shown in the header, footer, titles and as the email sender's name. */
    brand: text.max(60),
    /** Where visitors write; CONTACT_EMAIL in the environment overrides it. */
    contactEmail: z.email(),
    /** The year the site was first published: the footer's copyright runs from it to the current year. */
    publishedSince: z.number().int().min(1990).max(2100).optional(),
    person: z
      .object({
        name: text.max(80),
        /** A file under public/ ("/media/me.jpg") or an https address; null shows a monogram. */
        photo: z
          .string()
          .regex(
            /^(\/[\w./-]+\.(jpe?g|png|webp|avif|svg)|https:\/\/\S+)$/i,
            "must be a path under public/ such as /media/me.jpg, or an https:// address",
          )
          .nullable(),
        /** The "about" paragraphs, written in the first person, per language. */
        bio: perLanguage(z.array(text).min(1).max(4)),
      })
      .strict(),
    profiles: z
      .object(
        Object.fromEntries(PROFILE_IDS.map((id) => [id, profile(id)])) as {
          [K in ProfileId]: ReturnType<typeof profile>;
        },
      )
      .strict(),
    /** null: not set yet (refused in live mode); false: no such button. */
    links: z
      .object({
        webinars: z.union([z.literal(false), httpsUrl]).nullable(),
        website: z.union([z.literal(false), httpsUrl]).nullable(),
      })
      .strict(),
    /** "Book a call": an https scheduling page (Calendly, Cal.com…) shown beside every request form; null or absent: no such link. */
    bookingUrl: httpsUrl.nullable().optional(),
    /** Testimonials, case studies, client logos and FAQs; optional, see `proof` above. */
    proof: proof.default({ testimonials: [], caseStudies: [], clientLogos: [], faq: {} }),
    /**
     * Video ids per slot (slots: app/content/media.ts). null or missing: not set yet (artwork only;
     * refused in live mode); false: deliberately without a video (artwork only, fine in live mode).
     */
    videos,
    legal: z
      .object({
        company: text,
        legalForm: text,
        /** In euros, as a number (1000): each page writes it in its reader's way (€1,000; 1 000 €). */
        shareCapital: z
          .number({ error: "must be a number of euros, such as 1000" })
          .positive()
          .max(1e12)
          .nullable()
          .optional(),
        address,
        registration: text,
        vatNumber: text.nullable(),
        publicationDirector: text,
        /** The publisher's phone number (LCEN art. 6 III 1: the legal notice shows it); null: not set yet (refused in live mode). */
        phone: phone.nullable().optional(),
        /** The host's name, address and phone number (LCEN art. 6 III 1 d). */
        host: z.object({ name: text, address, phone: phone.nullable().optional(), website: httpsUrl }).strict(),
        emailProvider: z.object({ name: text, country: text }).strict(),
        supervisoryAuthority: z.object({ name: text, url: httpsUrl }).strict(),
      })
      .strict(),
    /**
     * How long personal details are kept before the daily job erases them (app/privacy/retention.server.ts);
     * the privacy policy states these very numbers (ADR 016). Absent: the defaults below.
     */
    retention: z
      .object({
        /** An order never paid (abandoned at checkout, failed, expired): its details are of no further use. */
        unpaidAttemptDays: z.number().int().min(1).max(3653).default(RETENTION_DEFAULTS.unpaidAttemptDays),
        /** A quote or demo request that led nowhere: 3 years after the contact, the CNIL's reference for prospects. */
        quoteRequestDays: z.number().int().min(1).max(3653).default(RETENTION_DEFAULTS.quoteRequestDays),
        /**
         * A paid order, counted from its payment (or the end of its last subscription period). French
         * accounting records are kept 10 years after the financial year closes (Code de commerce
         * L123-22): 4018 days (11 years) covers a sale made on the first day of a financial year.
         */
        customerDays: z
          .number()
          .int()
          .min(3653, "accounting law (Code de commerce L123-22) keeps sales 10 years: at least 3653 days")
          .max(36525)
          .default(RETENTION_DEFAULTS.customerDays),
      })
      .strict()
      .default(RETENTION_DEFAULTS),
  })
  .strict();

export type RetentionPolicy = SiteConfig["retention"];

export type SiteConfig = z.infer<typeof SiteConfigSchema>;

/** "person.bio.de: …" lines, one per problem. */
export function parseSiteConfig(raw: unknown): { ok: true; config: SiteConfig } | { ok: false; errors: string[] } {
  const result = SiteConfigSchema.safeParse(raw);
  if (result.success) return { ok: true, config: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`),
  };
}
