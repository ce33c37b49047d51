// Vitest's global set-up (vitest.config.ts): the integration tests drive the built server, so after
// an edit they would test the previous build. Build first when a source is newer than the build.
import path from "node:path";
import { buildIfStale } from "../../scripts/build-state.js";

export default function setup(): void {
  if (!buildIfStale(path.resolve(import.meta.dirname, "../..")))
    throw new Error("npm run build failed: the tests need the built server");
}
