import type { Video } from "../../content/media.ts";
import { VideoFacade } from "./video-facade.tsx";

/**
 * Example videos, each with its title and a line about it. A vertical video is kept phone-wide
 * so it does not fill a whole screen's height.
 */
export function VideoCards({
  items,
  videos,
  playLabel,
  block,
  className,
}: {
  /** Titles and texts from the locale file, in the order of `videos`. */
  items: ReadonlyArray<{ title: string; text: string }>;
  videos: readonly Video[];
  playLabel: string;
  block: string;
  /** The list's grid (columns, alignment, gaps). */
  className: string;
}) {
  return (
    <ul className={className} data-block={block}>
      {items.map((item, index) => (
        <li
          key={item.title}
          className={
            videos[index]!.shape === "vertical" ? "mx-auto flex w-full max-w-[18rem] flex-col" : "flex flex-col"
          }
        >
          <VideoFacade video={videos[index]!} title={item.title} playLabel={playLabel} />
          <h3 className="mt-4 text-lg font-semibold text-ink">{item.title}</h3>
          <p className="mt-1 leading-relaxed text-muted">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
