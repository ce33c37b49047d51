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
  // Placeholder ids (REPLACE-…): the operator replaces them with the consultant's real YouTube ids.
  "veo3-example-product": { platform: "youtube", ref: "REPLACE-veo3-product", poster: "/media/veo3/example-product.svg", shape: "landscape" },
  "veo3-example-cinematic": { platform: "youtube", ref: "REPLACE-veo3-cinematic", poster: "/media/veo3/example-cinematic.svg", shape: "landscape" },
  "veo3-example-hook": { platform: "youtube", ref: "REPLACE-veo3-hook", poster: "/media/veo3/example-hook.svg", shape: "landscape" },
  "veo3-demo": { platform: "youtube", ref: "REPLACE-veo3-demo", poster: "/media/veo3/demo-poster.svg", shape: "landscape" },

  // --- formateur-ia ---

  // --- test-workflow ---

  // --- logo-animator ---
  // Placeholder ids (REPLACE-…): the operator replaces them with the consultant's real YouTube ids.
  "logo-animator-vertical": { platform: "youtube", ref: "REPLACE-logo-vertical", poster: "/media/logo-animator/video-vertical.svg", shape: "vertical" },
  "logo-animator-landscape": { platform: "youtube", ref: "REPLACE-logo-landscape", poster: "/media/logo-animator/video-landscape.svg", shape: "landscape" },

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
  "instagram-dm": { src: "/media/instagram/dm-agent.svg", width: 560, height: 600 },

  // --- whatsapp ---
  "whatsapp-chat": { src: "/media/whatsapp/chat-agent.svg", width: 560, height: 600 },
  "whatsapp-booking": { src: "/media/whatsapp/booking-calendar.svg", width: 640, height: 440 },

  // --- veo3 ---

  // --- formateur-ia ---
  "formateur-ia-chat": { src: "/media/formateur-ia/telegram-chat.svg", width: 560, height: 600 },

  // --- test-workflow ---

  // --- logo-animator ---
  "logo-animator-hero": { src: "/media/logo-animator/hero.svg", width: 600, height: 520 },
  "logo-animator-vertical": { src: "/media/logo-animator/format-vertical.svg", width: 360, height: 640 },
  "logo-animator-landscape": { src: "/media/logo-animator/format-landscape.svg", width: 640, height: 360 },
  "logo-animator-square": { src: "/media/logo-animator/format-square.svg", width: 480, height: 480 },

  // --- nano-banana ---

  // --- seedance ---

  // --- agent-photoshop ---

  // --- datasets ---
  "datasets-cover": { src: "/media/datasets/cover.svg", width: 720, height: 540 },

  // --- cgv ---

  // --- tos ---

} satisfies Record<string, Image>;
