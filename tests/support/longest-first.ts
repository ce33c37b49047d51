import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Recorded times of the files that take 5 s or more (`node tools/record-file-times.js` after a full run). */
const RECORDED: Record<string, number> = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "file-times.json"), "utf8"),
);
const root = path.resolve(import.meta.dirname, "../..");

/**
 * Vitest's own order runs the projects one after another (integration, then postgres, then unit),
 * longest file first within each. Our longest files (the back office's sign-in flows, which wait on
 * child processes and TOTP steps) then start late in the postgres project and run alone at the end
 * while the machine idles: about two minutes of a 6.7-minute run. This order is the same
 * rule across every project: failed first, then longest. A file's time comes from Vitest's cache of
 * the last run, else from tests/support/file-times.json (a fresh clone, as on CI, or a file the
 * cache has not seen), else from its size: by size alone a one-test file that waits 70 s for a
 * throttled upload started last and ran alone at the end.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = new Map(
      files.map((spec) => {
        const cached = this.ctx.cache.getTestSpecificationResult(spec);
        const recorded = RECORDED[path.relative(root, spec.moduleId)];
        // About a second per 2 kB of test code: the unrecorded files are the short ones.
        const estimate = Math.min(fs.statSync(spec.moduleId).size / 2000, 4.9);
        const seconds = cached ? cached.duration / 1000 : (recorded ?? estimate);
        return [spec, { failed: Number(cached?.failed ?? false), seconds }];
      }),
    );
    return [...files].sort(
      (a, b) => key.get(b)!.failed - key.get(a)!.failed || key.get(b)!.seconds - key.get(a)!.seconds,
    );
  }
}
