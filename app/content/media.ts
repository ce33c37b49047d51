/**
 * Every video slot and image the pages show. A slot is our artwork and shape; the id that fills it
 * comes from the owner configuration (config/site.json `videos`). A slot without an id shows its
 * artwork only. With an id it is a click-to-load facade: nothing is requested from the platform
 * before the visitor clicks.
 */
export type Platform = "youtube" | "tiktok" | "linkedin";

export interface VideoSlot {
  platform: Platform;
  /** Our own poster artwork under /public/media. */
  poster: string;
  /** Vertical (9:16) or landscape (16:9). */
  shape: "vertical" | "landscape";
}

/** A slot with the owner's id: YouTube video id, TikTok video id, or LinkedIn post URL; null when not configured. */
export interface Video extends VideoSlot {
  ref: string | null;
}

export interface Image {
  src: string;
  width: number;
  height: number;
}

/** The page a visitor lands on at the platform (the facade's no-JavaScript link). */
export function watchUrl(video: Video & { ref: string }): string {
  switch (video.platform) {
    case "youtube":
      return video.shape === "vertical"
        ? `https://www.youtube.com/shorts/${video.ref}`
        : `https://www.youtube.com/watch?v=${video.ref}`;
    case "tiktok":
      return `https://www.tiktok.com/@/video/${video.ref}`;
    case "linkedin":
      return video.ref;
  }
}

/** The player loaded after the click; LinkedIn posts are not embeddable and open externally. */
export function embedUrl(video: Video & { ref: string }): string | null {
  switch (video.platform) {
    case "youtube":
      return `https://www.youtube-nocookie.com/embed/${video.ref}?autoplay=1&rel=0`;
    case "tiktok":
      return `https://www.tiktok.com/embed/v2/${video.ref}`;
    case "linkedin":
      return null;
  }
}

export type VideoSlotId = keyof typeof VIDEO_SLOTS;

// Entries are grouped by page, each page under its own marker, keys prefixed with the page id.
export const VIDEO_SLOTS = {
  // --- home ---

  // --- ai-machine ---
  "ai-machine-demo": { platform: "youtube", poster: "/media/ai-machine/demo-poster.svg", shape: "vertical" },

  // --- short-videos ---
  "short-videos-explainer-fr": {
    platform: "youtube",
    poster: "/media/short-videos/explainer-fr.svg",
    shape: "landscape",
  },
  "short-videos-explainer-en": {
    platform: "youtube",
    poster: "/media/short-videos/explainer-en.svg",
    shape: "landscape",
  },
  "short-videos-explainer-es": {
    platform: "youtube",
    poster: "/media/short-videos/explainer-es.svg",
    shape: "landscape",
  },
  "short-videos-explainer-de": {
    platform: "youtube",
    poster: "/media/short-videos/explainer-de.svg",
    shape: "landscape",
  },
  "short-videos-explainer-pt": {
    platform: "youtube",
    poster: "/media/short-videos/explainer-pt.svg",
    shape: "landscape",
  },
  "short-videos-explainer-it": {
    platform: "youtube",
    poster: "/media/short-videos/explainer-it.svg",
    shape: "landscape",
  },
  "short-videos-short-1": { platform: "youtube", poster: "/media/short-videos/short-1.svg", shape: "vertical" },
  "short-videos-short-2": { platform: "youtube", poster: "/media/short-videos/short-2.svg", shape: "vertical" },
  "short-videos-short-3": { platform: "youtube", poster: "/media/short-videos/short-3.svg", shape: "vertical" },
  "short-videos-linkedin-1": { platform: "linkedin", poster: "/media/short-videos/short-1.svg", shape: "vertical" },
  "short-videos-linkedin-2": { platform: "linkedin", poster: "/media/short-videos/short-2.svg", shape: "vertical" },
  "short-videos-linkedin-3": { platform: "linkedin", poster: "/media/short-videos/short-3.svg", shape: "vertical" },

  // --- newsletter ---
  "newsletter-default-tiktok-1": {
    platform: "tiktok",
    poster: "/media/newsletter/default-tiktok-1.svg",
    shape: "vertical",
  },
  "newsletter-default-tiktok-2": {
    platform: "tiktok",
    poster: "/media/newsletter/default-tiktok-2.svg",
    shape: "vertical",
  },
  "newsletter-default-youtube-1": {
    platform: "youtube",
    poster: "/media/newsletter/default-youtube-1.svg",
    shape: "vertical",
  },
  "newsletter-default-youtube-2": {
    platform: "youtube",
    poster: "/media/newsletter/default-youtube-2.svg",
    shape: "vertical",
  },
  "newsletter-default-linkedin-1": {
    platform: "linkedin",
    poster: "/media/newsletter/default-linkedin-1.svg",
    shape: "landscape",
  },
  "newsletter-default-linkedin-2": {
    platform: "linkedin",
    poster: "/media/newsletter/default-linkedin-2.svg",
    shape: "landscape",
  },
  "newsletter-es-tiktok-1": { platform: "tiktok", poster: "/media/newsletter/es-tiktok-1.svg", shape: "vertical" },
  "newsletter-es-tiktok-2": { platform: "tiktok", poster: "/media/newsletter/es-tiktok-2.svg", shape: "vertical" },
  "newsletter-es-youtube-1": { platform: "youtube", poster: "/media/newsletter/es-youtube-1.svg", shape: "vertical" },
  "newsletter-es-youtube-2": { platform: "youtube", poster: "/media/newsletter/es-youtube-2.svg", shape: "vertical" },
  "newsletter-es-linkedin-1": {
    platform: "linkedin",
    poster: "/media/newsletter/es-linkedin-1.svg",
    shape: "landscape",
  },
  "newsletter-es-linkedin-2": {
    platform: "linkedin",
    poster: "/media/newsletter/es-linkedin-2.svg",
    shape: "landscape",
  },

  // --- blog ---
  "blog-intro": { platform: "youtube", poster: "/media/blog/intro-poster.svg", shape: "landscape" },

  // --- veo3-ad ---
  "veo3-ad-video-1": { platform: "youtube", poster: "/media/veo3-ad/ad-1.svg", shape: "vertical" },
  "veo3-ad-video-2": { platform: "youtube", poster: "/media/veo3-ad/ad-2.svg", shape: "vertical" },
  "veo3-ad-video-3": { platform: "youtube", poster: "/media/veo3-ad/ad-3.svg", shape: "vertical" },
  "veo3-ad-video-4": { platform: "youtube", poster: "/media/veo3-ad/ad-4.svg", shape: "vertical" },

  // --- instagram ---

  // --- whatsapp ---

  // --- veo3 ---
  "veo3-example-product": { platform: "youtube", poster: "/media/veo3/example-product.svg", shape: "landscape" },
  "veo3-example-cinematic": { platform: "youtube", poster: "/media/veo3/example-cinematic.svg", shape: "landscape" },
  "veo3-example-hook": { platform: "youtube", poster: "/media/veo3/example-hook.svg", shape: "landscape" },
  "veo3-demo": { platform: "youtube", poster: "/media/veo3/demo-poster.svg", shape: "landscape" },

  // --- formateur-ia ---

  // --- test-workflow ---

  // --- logo-animator ---
  "logo-animator-vertical": {
    platform: "youtube",
    poster: "/media/logo-animator/video-vertical.svg",
    shape: "vertical",
  },
  "logo-animator-landscape": {
    platform: "youtube",
    poster: "/media/logo-animator/video-landscape.svg",
    shape: "landscape",
  },

  // --- nano-banana ---

  // --- seedance ---
  "seedance-demo": { platform: "youtube", poster: "/media/seedance/demo-landscape.svg", shape: "landscape" },
  "seedance-short-1": { platform: "youtube", poster: "/media/seedance/short-1.svg", shape: "vertical" },
  "seedance-short-2": { platform: "youtube", poster: "/media/seedance/short-2.svg", shape: "vertical" },
  "seedance-short-3": { platform: "youtube", poster: "/media/seedance/short-3.svg", shape: "vertical" },

  // --- agent-photoshop ---
  "agent-photoshop-demo": { platform: "youtube", poster: "/media/agent-photoshop/demo.svg", shape: "landscape" },

  // --- datasets ---

  // --- cgv ---

  // --- tos ---
} satisfies Record<string, VideoSlot>;

export const IMAGES = {
  // --- home ---
  "home-hero": { src: "/media/home/hero.svg", width: 1600, height: 900 },

  // --- ai-machine ---
  "ai-machine-workflow": { src: "/media/ai-machine/workflow.svg", width: 1200, height: 440 },

  // --- short-videos ---

  // --- newsletter ---

  // --- blog ---

  // --- veo3-ad ---
  "veo3-ad-workflow": { src: "/media/veo3-ad/workflow.svg", width: 1200, height: 440 },

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
  "nano-banana-hero": { src: "/media/nano-banana/hero.svg", width: 640, height: 520 },
  "nano-banana-use-case": { src: "/media/nano-banana/use-case.svg", width: 720, height: 480 },

  // --- seedance ---

  // --- agent-photoshop ---

  // --- datasets ---
  "datasets-cover": { src: "/media/datasets/cover.svg", width: 720, height: 540 },

  // --- cgv ---

  // --- tos ---
} satisfies Record<string, Image>;
