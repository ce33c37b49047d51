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

export const VIDEOS = {
  // Filled by the content pages: one entry per video, e.g.
  // "ai-machine-demo": { platform: "youtube", ref: "…", poster: "/media/posters/ai-machine-demo.svg", shape: "vertical" },
} satisfies Record<string, Video>;

export const IMAGES = {
  // "ai-machine-workflow": { src: "/media/ai-machine-workflow.svg", width: 1200, height: 675 },
} satisfies Record<string, Image>;
