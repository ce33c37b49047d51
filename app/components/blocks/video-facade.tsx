import { embedUrl, watchUrl, type Video } from "../../content/media.ts";

/**
 * A poster and a play button. Without JavaScript it is a link to the video; with /enhance.js a
 * click swaps in the player (data-embed). Nothing is requested from the platform before that.
 * A slot without a configured id shows its artwork only: never a player that cannot play.
 */
export function VideoFacade({ video, title, playLabel }: { video: Video; title: string; playLabel: string }) {
  const vertical = video.shape === "vertical";
  const shape = vertical ? "aspect-[9/16]" : "aspect-video";
  const poster = (
    <img
      src={video.poster}
      alt=""
      width={vertical ? 360 : 640}
      height={vertical ? 640 : 360}
      loading="lazy"
      decoding="async"
      className="size-full object-cover"
    />
  );
  if (!video.ref) {
    return (
      <div className={`video-facade ${shape}`} data-video="artwork" role="img" aria-label={title}>
        {poster}
      </div>
    );
  }
  const configured = { ...video, ref: video.ref };
  const embed = embedUrl(configured);
  return (
    <a
      href={watchUrl(configured)}
      target="_blank"
      rel="noopener noreferrer"
      className={`video-facade group ${shape}`}
      data-embed={embed ?? undefined}
      data-title={title}
    >
      {poster}
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
