import { PROFILE_HOSTS, PROFILE_IDS, type ProfileId, type SiteConfig } from "./site-schema.ts";

/**
 * The consultant's public profiles and audience figures for the home page biography, from the
 * owner configuration (config/site.json `profiles`). Follower counts are formatted per locale.
 */
export interface Profile {
  id: ProfileId;
  /** Platform name, the same in every language. */
  name: string;
  /** The owner's page; null while not configured (the tile shows the figure without a link). */
  url: string | null;
  followers: number;
}

/** The tiles to show, in the spec's order; a platform set to `false` is left out. */
export function profilesOf(config: SiteConfig): Profile[] {
  return PROFILE_IDS.flatMap((id) => {
    const entry = config.profiles[id];
    return entry.url === false
      ? []
      : [{ id, name: PROFILE_HOSTS[id].name, url: entry.url, followers: entry.followers }];
  });
}

/** Up to two initials for the monogram shown when the configuration has no photo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => Array.from(word)[0]!.toLocaleUpperCase()).join("");
}
