/**
 * Every video and image the pages show. Videos render as click-to-load facades: our own poster,
 * nothing requested from the platform before the visitor clicks.
 */
export type Platform = "youtube" | "tiktok" | "linkedin";

export interface Video {
  platform: Platform;
  /** YouTube video id, TikTok video id, or LinkedIn post URL. */
  ref: string;
  /** Our own poster artwork under /public/media. */
  poster: string;
  /** Vertical (9:16) or landscape (16:9). */
  shape: "vertical" | "landscape";
}

export interface Image {
  src: string;
  width: number;
  height: number;
}

/** The page a visitor lands on at the platform (the facade's no-JavaScript link). */
export function watchUrl(video: Video): string {
  switch (video.platform) {
    case "youtube":
      return video.shape === "vertical" ? `https://www.youtube.com/shorts/${video.ref}` : `https://www.youtube.com/watch?v=${video.ref}`;
    case "tiktok":
      return `https://www.tiktok.com/@/video/${video.ref}`;
    case "linkedin":
      return video.ref;
  }
}

/** The player loaded after the click; LinkedIn posts are not embeddable and open externally. */
export function embedUrl(video: Video): string | null {
  switch (video.platform) {
    case "youtube":
      return `https://www.youtube-nocookie.com/embed/${video.ref}?autoplay=1&rel=0`;
    case "tiktok":
      return `https://www.tiktok.com/embed/v2/${video.ref}`;
    case "linkedin":
      return null;
  }
}

// Entries are grouped by page, each page under its own marker, keys prefixed with the page id.
export const VIDEOS = {
  // --- home ---

  // --- ai-machine ---

  // --- short-videos ---

  // --- newsletter ---

  // --- blog ---

  // --- veo3-ad ---

  // --- instagram ---

  // --- whatsapp ---

  // --- veo3 ---

  // --- formateur-ia ---

  // --- test-workflow ---

  // --- logo-animator ---

  // --- nano-banana ---

  // --- seedance ---

  // --- agent-photoshop ---

  // --- datasets ---

  // --- cgv ---

  // --- tos ---

} satisfies Record<string, Video>;

export const IMAGES = {
  // --- home ---

  // --- ai-machine ---

  // --- short-videos ---

  // --- newsletter ---

  // --- blog ---

  // --- veo3-ad ---

  // --- instagram ---

  // --- whatsapp ---

  // --- veo3 ---

  // --- formateur-ia ---
  "formateur-ia-chat": { src: "/media/formateur-ia/telegram-chat.svg", width: 560, height: 600 },

  // --- test-workflow ---

  // --- logo-animator ---

  // --- nano-banana ---

  // --- seedance ---

  // --- agent-photoshop ---

  // --- datasets ---
  "datasets-cover": { src: "/media/datasets/cover.svg", width: 720, height: 540 },

  // --- cgv ---

  // --- tos ---

} satisfies Record<string, Image>;
