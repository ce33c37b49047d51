import { useLoaderData } from "react-router";
import type { VideosLoaderData } from "../../config/videos-loader.server.ts";

/** The videos of a page whose loader is `videosLoader` (every slot, with its configured id or none). */
export function usePageVideos(): VideosLoaderData["videos"] {
  return useLoaderData<VideosLoaderData>().videos;
}
