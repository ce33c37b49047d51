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
  // Placeholder video ids (operator replaces them with the real demo videos); posters are ours.
  "seedance-demo": { platform: "youtube", ref: "SEEDANCE-01", poster: "/media/seedance/demo-landscape.svg", shape: "landscape" },
  "seedance-short-1": { platform: "youtube", ref: "SEEDANCE-S1", poster: "/media/seedance/short-1.svg", shape: "vertical" },
  "seedance-short-2": { platform: "youtube", ref: "SEEDANCE-S2", poster: "/media/seedance/short-2.svg", shape: "vertical" },
  "seedance-short-3": { platform: "youtube", ref: "SEEDANCE-S3", poster: "/media/seedance/short-3.svg", shape: "vertical" },

  // --- agent-photoshop ---
  // Placeholder video id (operator replaces it with the real walkthrough); the poster is ours.
  "agent-photoshop-demo": { platform: "youtube", ref: "NANOPS-DEMO", poster: "/media/agent-photoshop/demo.svg", shape: "landscape" },

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
  "nano-banana-hero": { src: "/media/nano-banana/hero.svg", width: 640, height: 520 },
  "nano-banana-use-case": { src: "/media/nano-banana/use-case.svg", width: 720, height: 480 },

  // --- seedance ---

  // --- agent-photoshop ---

  // --- datasets ---
  "datasets-cover": { src: "/media/datasets/cover.svg", width: 720, height: 540 },

  // --- cgv ---

  // --- tos ---

} satisfies Record<string, Image>;
