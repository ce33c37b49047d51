import { z } from "zod";
import { LANGUAGES } from "../i18n/languages.ts";
import { VIDEO_SLOTS, type Platform } from "../content/media.ts";

/**
 * The owner configuration (config/site.json, or the file SITE_CONFIG names): everything that
 * identifies the business. Validated once at start-up; `null` means "not configured yet", which
 * the pages handle gracefully (artwork instead of a player, a monogram instead of a photo, a tile
 * without a link) and the go-live check (go-live.ts) refuses in live mode.
 */

/** The id each platform's player needs, checked so a typo never becomes "video unavailable". */
const VIDEO_REF: Record<Platform, { pattern: RegExp; hint: string }> = {
  youtube: { pattern: /^[A-Za-z0-9_-]{11}$/, hint: "a YouTube video id: 11 characters, as in youtube.com/watch?v=dQw4w9WgXcQ" },
  tiktok: { pattern: /^\d{15,21}$/, hint: "a TikTok video id: the digits at the end of tiktok.com/@you/video/7300000000000000000" },
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
const perLanguage = <T extends z.ZodType>(schema: T) => z.object(Object.fromEntries(LANGUAGES.map((lang) => [lang, schema])) as Record<(typeof LANGUAGES)[number], T>).strict();

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
            .refine((url) => PROFILE_HOSTS[id].hosts.includes(new URL(url).hostname), `must be a ${PROFILE_HOSTS[id].name} address (${PROFILE_HOSTS[id].hosts[0]})`)
            .refine((url) => new URL(url).pathname.replace(/\/+$/, "") !== "", `must be your own ${PROFILE_HOSTS[id].name} page, not the platform's home page`),
        ])
        .nullable(),
      followers: z.number().int().min(0),
    })
    .strict();

const videos = z
  .object(Object.fromEntries(Object.entries(VIDEO_SLOTS).map(([slot, video]) => [slot, z.union([z.literal(false), z.string().trim().regex(VIDEO_REF[video.platform].pattern, `must be ${VIDEO_REF[video.platform].hint}, false (leave it out) or null (not set yet)`)]).nullable().optional()])))
  .strict();

export const SiteConfigSchema = z
  .object({
    /** The brand shown in the header, footer, titles and as the email sender's name. */
    brand: text.max(60),
    /** Where visitors write; CONTACT_EMAIL in the environment overrides it. */
    contactEmail: z.email(),
    person: z
      .object({
        name: text.max(80),
        /** A file under public/ ("/media/me.jpg") or an https address; null shows a monogram. */
        photo: z
          .string()
          .regex(/^(\/[\w./-]+\.(jpe?g|png|webp|avif|svg)|https:\/\/\S+)$/i, "must be a path under public/ such as /media/me.jpg, or an https:// address")
          .nullable(),
        /** The "about" paragraphs, written in the first person, per language. */
        bio: perLanguage(z.array(text).min(1).max(4)),
      })
      .strict(),
    profiles: z.object(Object.fromEntries(PROFILE_IDS.map((id) => [id, profile(id)])) as { [K in ProfileId]: ReturnType<typeof profile> }).strict(),
    /** null: not set yet (refused in live mode); false: no such button. */
    links: z.object({ webinars: z.union([z.literal(false), httpsUrl]).nullable(), website: z.union([z.literal(false), httpsUrl]).nullable() }).strict(),
    /**
     * Video ids per slot (slots: app/content/media.ts). null or missing: not set yet (artwork only;
     * refused in live mode); false: deliberately without a video (artwork only, fine in live mode).
     */
    videos,
    legal: z
      .object({
        company: text,
        legalForm: text,
        shareCapital: text.nullable().optional(),
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
  })
  .strict();

export type SiteConfig = z.infer<typeof SiteConfigSchema>;

/** "person.bio.de: …" lines, one per problem. */
export function parseSiteConfig(raw: unknown): { ok: true; config: SiteConfig } | { ok: false; errors: string[] } {
  const result = SiteConfigSchema.safeParse(raw);
  if (result.success) return { ok: true, config: result.data };
  return { ok: false, errors: result.error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`) };
}
