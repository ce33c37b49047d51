import fs from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's own order runs the projects one after another (integration, then postgres, then unit),
 * longest file first within each. Our longest files (the back office's sign-in flows, which wait on
 * child processes and TOTP steps) then start late in the postgres project and run alone at the end
 * while the machine idles: about two minutes of a 6.7-minute run. This order is the same
 * rule across every project: failed first, then longest (from Vitest's cache of the last run), or
 * largest when a file has no recorded time (a fresh clone, as on CI).
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const results = new Map(files.map((spec) => [spec, this.ctx.cache.getTestSpecificationResult(spec)]));
    if (files.every((spec) => results.get(spec))) {
      const key = (spec: TestSpecification) => results.get(spec)!;
      return [...files].sort(
        (a, b) => Number(key(b).failed) - Number(key(a).failed) || key(b).duration - key(a).duration,
      );
    }
    const size = new Map(files.map((spec) => [spec, fs.statSync(spec.moduleId).size]));
    return [...files].sort((a, b) => size.get(b)! - size.get(a)!);
  }
}
