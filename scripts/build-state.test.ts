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
    expect(lines).toEqual(["Building first: no build yet."]);
    touch(path.join(root, "app/home.tsx"), -60);
    touch(path.join(root, "package.json"), -60);
    expect(staleBuild(root)).toBeUndefined();
    expect(buildIfStale(root, (line) => lines.push(line))).toBe(true);
    expect(lines).toHaveLength(1);

    // An edit after the build: the next run builds again before testing.
    touch(path.join(root, "app/home.tsx"), 60);
    expect(staleBuild(root)).toBe(`${path.join("app", "home.tsx")} changed since the last build`);
    expect(buildIfStale(root, (line) => lines.push(line))).toBe(true);
    expect(lines[1]).toBe(`Building first: ${path.join("app", "home.tsx")} changed since the last build.`);
  });

  test("a failing build is reported as such", () => {
    const root = project();
    fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "p", private: true, scripts: { build: "node -e \"process.exit(3)\"" } }));
    expect(buildIfStale(root, () => {})).toBe(false);
  });
});
