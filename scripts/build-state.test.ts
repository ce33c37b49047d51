// The tests and `npm start` never run an old build after an edit.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { buildIfStale, staleBuild } from "./build-state.js";

function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "build-state-"));
  fs.mkdirSync(path.join(root, "app"));
  fs.writeFileSync(path.join(root, "app/home.tsx"), "export default 1;\n");
  // The build script of a real project, in small: writes build/server/index.js.
  const build = `node -e "require('fs').mkdirSync('build/server',{recursive:true});require('fs').writeFileSync('build/server/index.js','')"`;
  fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "p", private: true, scripts: { build } }));
  return root;
}

const touch = (file: string, secondsFromNow: number) => {
  const at = new Date(Date.now() + secondsFromNow * 1000);
  fs.utimesSync(file, at, at);
};

describe("build state", () => {
  test("stale without a build, and when any source is newer than the build; fresh otherwise", () => {
    const root = project();
    expect(staleBuild(root)).toBe("no build yet");
    const lines: string[] = [];
    expect(buildIfStale(root, (line) => lines.push(line))).toBe(true);
    expect(lines).toEqual([
      "Building first: no build yet.",
      expect.stringMatching(/^Built in \d+\.\d s into build\/ /),
    ]);
    touch(path.join(root, "app/home.tsx"), -60);
    touch(path.join(root, "package.json"), -60);
    expect(staleBuild(root)).toBeUndefined();
    expect(buildIfStale(root, (line) => lines.push(line))).toBe(true);
    expect(lines).toHaveLength(2);

    // An edit after the build: the next run builds again before testing.
    touch(path.join(root, "app/home.tsx"), 60);
    expect(staleBuild(root)).toBe(`${path.join("app", "home.tsx")} changed since the last build`);
    expect(buildIfStale(root, (line) => lines.push(line))).toBe(true);
    expect(lines[2]).toBe(`Building first: ${path.join("app", "home.tsx")} changed since the last build.`);
  });

  test("a good build says one line, not the bundler's report; a failing build shows its whole output", () => {
    const root = project();
    const report = `node -e "console.log('build/client/assets/a.js 1.00 kB'); console.error('[PLUGIN_TIMINGS] slow plugin')"`;
    const pkg = (build: string) =>
      fs.writeFileSync(
        path.join(root, "package.json"),
        JSON.stringify({ name: "p", private: true, scripts: { build } }),
      );
    pkg(`${report} && ${JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.build}`);
    const good: string[] = [];
    expect(buildIfStale(root, (line) => good.push(line))).toBe(true);
    expect(good.join("\n")).not.toMatch(/a\.js|PLUGIN_TIMINGS/);
    expect(good).toHaveLength(2);

    pkg(
      `node -e "console.log('transforming...'); console.error('[vite]: Rollup failed to resolve import ./missing'); process.exit(3)"`,
    );
    const bad: string[] = [];
    expect(buildIfStale(root, (line) => bad.push(line))).toBe(false);
    const said = bad.join("\n");
    expect(said).toContain("transforming...");
    expect(said).toContain("failed to resolve import ./missing");
    expect(said).toMatch(/The build failed \(exit 3\)/);
  });
});
