import type { Image } from "../../content/media.ts";

/** An artwork entry of media.ts below the fold: sized (no layout shift) and loaded lazily. */
export function LazyImage({ image, alt, className }: { image: Image; alt: string; className?: string }) {
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
