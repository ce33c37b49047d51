import { VIDEO_SLOTS } from "../content/media.ts";
import { PROFILE_IDS, type SiteConfig } from "./site-schema.ts";

/** The parts of the environment that decide whether the site takes real customers. */
export interface LiveEnv {
  PUBLIC_ORIGIN: string;
  DEMO_MODE: boolean;
  STRIPE_SECRET_KEY?: string;
  SMTP_URL?: string;
  MAIL_FROM?: string;
}

/** Live = a live Stripe key, or an https origin that is not explicitly a demo. */
export function isLiveMode(env: LiveEnv): boolean {
  return (
    Boolean(env.STRIPE_SECRET_KEY?.startsWith("sk_live_") || env.STRIPE_SECRET_KEY?.startsWith("rk_live_")) ||
    (env.PUBLIC_ORIGIN.startsWith("https:") && !env.DEMO_MODE)
  );
}

/** Values nobody would publish on purpose: demo markers, reserved example domains, all-zero numbers. */
const PLACEHOLDER =
  /\b(d[eé]mo|example|placeholder|replace[- ]?me|lorem ipsum|todo|xxx+)\b|example\.(com|org|net)\b|\.(example|invalid|test|localhost)\b|\b0{3}[ .]?0{3}[ .]?0{3}\b/i;
/** Domain-only check for free text (a bio may say "demo" and mean it). */
const PLACEHOLDER_DOMAIN = /example\.(com|org|net)\b|\.(example|invalid|test|localhost)\b/i;

/**
 * Numbers nobody answers: the subscriber digits (after the country code and trunk 0) all one digit,
 * or counting up ("1 23 45 67 89"): what demo files and forms are filled with.
 */
export function isPlaceholderPhone(value: string): boolean {
  const digits = value
    .replace(/\D/g, "")
    .replace(/^(33|44|49|34|351|39|41|32|1)/, "")
    .replace(/^0/, "");
  const subscriber = digits.slice(1);
  return (
    /^(\d)\1*$/.test(subscriber) ||
    "0123456789".includes(digits.slice(0, 8)) ||
    "1234567890".includes(digits.slice(0, 8))
  );
}

function walk(value: unknown, path: string, visit: (path: string, text: string) => void) {
  if (typeof value === "string") visit(path, value);
  else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}[${index}]`, visit));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key, visit);
}

/**
 * Everything that must change before real customers see the site, one line each (the config
 * path or variable first). Empty when the site is ready.
 */
export function goLiveProblems(config: SiteConfig, env: LiveEnv): string[] {
  const problems: string[] = [];

  walk(config, "", (path, text) => {
    // Free text (a bio, a client's words, an answer) may say "demo" and mean it: only domains count there.
    const freeText =
      path.startsWith("person.bio.") || (path.startsWith("proof.") && !/\.(photo|image|link|url)$/.test(path));
    if ((freeText ? PLACEHOLDER_DOMAIN : PLACEHOLDER).test(text))
      problems.push(`${path}: placeholder value "${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`);
  });

  for (const id of PROFILE_IDS) {
    if (config.profiles[id].url === null)
      problems.push(`profiles.${id}.url: not set (your profile page, or false to leave the tile out)`);
  }
  for (const link of ["webinars", "website"] as const) {
    if (config.links[link] === null)
      problems.push(`links.${link}: not set (an https address, or false to leave the button out)`);
  }
  // LCEN art. 6 III 1: the legal notice gives a phone number for the publisher and for the host.
  if (!config.legal.phone)
    problems.push("legal.phone: not set (the publisher's phone number, required on the legal notice by LCEN art. 6)");
  else if (isPlaceholderPhone(config.legal.phone))
    problems.push(`legal.phone: placeholder value "${config.legal.phone}"`);
  if (!config.legal.host.phone)
    problems.push("legal.host.phone: not set (the host's phone number, required on the legal notice by LCEN art. 6)");
  else if (isPlaceholderPhone(config.legal.host.phone))
    problems.push(`legal.host.phone: placeholder value "${config.legal.host.phone}"`);
  // Proof is optional (a block without content is not shown), but the demo's invented samples never go live.
  const { testimonials, caseStudies, clientLogos, faq } = config.proof;
  for (const [block, items] of [
    ["testimonials", testimonials],
    ["caseStudies", caseStudies],
    ["clientLogos", clientLogos],
  ] as const) {
    items.forEach((item, index) => {
      if (item.sample)
        problems.push(`proof.${block}[${index}]: sample content (replace it with a real one or remove it)`);
    });
  }
  for (const [page, answers] of Object.entries(faq))
    if (answers?.sample) problems.push(`proof.faq.${page}: sample answers (write your own or remove them)`);
  const videos = config.videos as Record<string, string | false | null | undefined>;
  for (const slot of Object.keys(VIDEO_SLOTS)) {
    if (videos[slot] === null || videos[slot] === undefined)
      problems.push(`videos.${slot}: not set (a video id, or false to show the artwork only)`);
  }

  if (!env.STRIPE_SECRET_KEY)
    problems.push("STRIPE_SECRET_KEY: not set (the built-in sandbox checkout takes no real payments)");
  else if (/^(sk|rk)_test_/.test(env.STRIPE_SECRET_KEY))
    problems.push("STRIPE_SECRET_KEY: a test key (sk_test_…) takes no real payments");
  if (!env.PUBLIC_ORIGIN.startsWith("https:"))
    problems.push(`PUBLIC_ORIGIN: ${env.PUBLIC_ORIGIN} is not an https address`);
  if (!env.SMTP_URL) problems.push("SMTP_URL: not set (confirmation emails would be written to files, not sent)");
  if (!env.MAIL_FROM || /@localhost\b|example\.(com|org|net)\b/i.test(env.MAIL_FROM))
    problems.push(
      `MAIL_FROM: ${env.MAIL_FROM ? `"${env.MAIL_FROM}"` : "not set"} (an address on your own domain, such as hello@your-domain.com)`,
    );
  return problems;
}
