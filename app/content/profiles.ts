/**
 * The consultant's public profiles and audience figures, shown in the home page biography.
 *
 * OPERATOR: SET THESE. The real profile addresses are not known to the developers, so every URL
 * below is the platform's home page (or, for the webinars and personal website, a reserved
 * example.com address). Replace each with the consultant's own page before going live; the
 * follower counts come from the specification (section 2) and are formatted per locale with Intl.
 */
export interface Profile {
  id: "linkedin" | "youtube" | "facebook" | "dlive" | "twitch";
  /** Platform name, the same in every language. */
  name: string;
  url: string;
  followers: number;
}

export const PROFILES: readonly Profile[] = [
  { id: "linkedin", name: "LinkedIn", url: "https://www.linkedin.com/", followers: 25_000 }, // OPERATOR: set profile URL
  { id: "youtube", name: "YouTube", url: "https://www.youtube.com/", followers: 116_000 }, // OPERATOR: set channel URL
  { id: "facebook", name: "Facebook", url: "https://www.facebook.com/", followers: 74_000 }, // OPERATOR: set page URL
  { id: "dlive", name: "DLive", url: "https://dlive.tv/", followers: 7_000 }, // OPERATOR: set channel URL
  { id: "twitch", name: "Twitch", url: "https://www.twitch.tv/", followers: 7_000 }, // OPERATOR: set channel URL
];

/** OPERATOR: set — the page listing upcoming webinars. */
export const WEBINARS_URL = "https://example.com/webinars";
/** OPERATOR: set — the consultant's personal website. */
export const WEBSITE_URL = "https://example.com/";
