import { embedUrl, watchUrl, type Video } from "../../content/media.ts";

/**
 * A poster and a play button. Without JavaScript it is a link to the video; with /enhance.js a
 * click swaps in the player (data-embed). Nothing is requested from the platform before that.
 */
export function VideoFacade({ video, title, playLabel }: { video: Video; title: string; playLabel: string }) {
  const embed = embedUrl(video);
  const vertical = video.shape === "vertical";
  return (
    <a
      href={watchUrl(video)}
      target="_blank"
      rel="noopener noreferrer"
      className={`video-facade group ${vertical ? "aspect-[9/16]" : "aspect-video"}`}
      data-embed={embed ?? undefined}
      data-title={title}
    >
      <img src={video.poster} alt="" width={vertical ? 360 : 640} height={vertical ? 640 : 360} loading="lazy" decoding="async" className="size-full object-cover" />
      <span className="video-facade-play" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="size-7 translate-x-0.5">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
      </span>
      <span className="sr-only">
        {playLabel}: {title}
      </span>
    </a>
  );
}
