import { siteVideos } from "./site.server.ts";

/**
 * The loader of every page that shows videos: the configured video ids (read once per process).
 * A page re-exports it (`export { videosLoader as loader }`) and reads it with `usePageVideos()`.
 */
export function videosLoader() {
  return { videos: siteVideos() };
}

export type VideosLoaderData = ReturnType<typeof videosLoader>;
