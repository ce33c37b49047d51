import { useRouteLoaderData } from "react-router";
import type { loader } from "../root.tsx";

/** What the root loader gives every page: language, origin, contact address, demo flag, nonce. */
export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * The root loader's data, typed. Every page renders below the root, so it is always there; only the
 * root's own Layout (which also renders when the root loader failed) reads it optionally.
 */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useRootData() outside the root route");
  return data;
}
