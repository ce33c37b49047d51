import fs from "node:fs";
import path from "node:path";
import { VIDEO_SLOTS, type Video, type VideoSlotId } from "../content/media.ts";
import { parseSiteConfig, type SiteConfig } from "./site-schema.ts";

/** Where the owner configuration lives: SITE_CONFIG, else config/site.json (relative to the working directory). */
export function siteConfigPath(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(env.SITE_CONFIG || "config/site.json");
}

/**
 * Reads and validates the configuration file. CONTACT_EMAIL in the environment overrides the
 * file's contactEmail (one address per deployment without editing the file).
 */
export function loadSiteConfig(
  env: Record<string, string | undefined> = process.env,
): { ok: true; config: SiteConfig; file: string } | { ok: false; errors: string[]; file: string } {
  const file = siteConfigPath(env);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : (error as Error).message;
    return { ok: false, errors: [`${reason} (set SITE_CONFIG or create config/site.json)`], file };
  }
  if (env.CONTACT_EMAIL && raw && typeof raw === "object") raw = { ...raw, contactEmail: env.CONTACT_EMAIL };
  const result = parseSiteConfig(raw);
  return result.ok ? { ...result, file } : { ...result, file };
}

let cached: SiteConfig | undefined;

/**
 * The owner configuration, read once per process: pages are kept in memory (server/render-cache.ts),
 * so a change takes effect on restart. server/index.ts validates it before anything is served.
 */
export function getSiteConfig(): SiteConfig {
  if (cached) return cached;
  const result = loadSiteConfig();
  if (!result.ok) {
    console.error(`Invalid site configuration (${result.file}):\n  ${result.errors.join("\n  ")}`);
    process.exit(1);
  }
  cached = result.config;
  return cached;
}

let videos: Record<VideoSlotId, Video> | undefined;

/** Every video slot with the configured id (null: artwork only). */
export function siteVideos(): Record<VideoSlotId, Video> {
  if (videos) return videos;
  const configured = getSiteConfig().videos as Partial<Record<VideoSlotId, string | false | null>>;
  videos = Object.fromEntries(
    (Object.keys(VIDEO_SLOTS) as VideoSlotId[]).map((slot) => [
      slot,
      { ...VIDEO_SLOTS[slot], ref: configured[slot] || null },
    ]),
  ) as Record<VideoSlotId, Video>;
  return videos;
}
