import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";

// `npm run lint` outside a git checkout (a release tarball, a copy without .git): tools/lint.js
// walks the tree with the .gitignore's rules instead of failing on `git ls-files`.
const lint = path.resolve(import.meta.dirname, "lint.js");

function tree(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lint-no-git-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const secret = `sk_live_${"a".repeat(24)}`;

test("without git, lint checks the tree's files and skips what .gitignore names", () => {
  const root = tree({
    ".gitignore": "node_modules\nbuild/\n*.log\nbench/results.partial.json\n# a comment\n",
    "locales/en/bad.json": "{ not json",
    "locales/en/good.json": "{}",
    "app/config.ts": `export const key = "${secret}";`,
    "node_modules/pkg/leak.js": secret,
    "build/server/index.js": secret,
    "server.log": secret,
    "bench/results.partial.json": secret,
    "bench/run.ts": "",
  });
  expect(spawnSync("git", ["rev-parse"], { cwd: root }).status).not.toBe(0);
  const run = spawnSync(process.execPath, [lint], { cwd: root, encoding: "utf8" });
  expect(run.status).toBe(1);
  expect(run.stderr.trim().split("\n").sort()).toEqual([
    "app/config.ts: looks like a secret key",
    expect.stringMatching(/^locales\/en\/bad\.json: /),
  ]);
});

test("in a checkout, the same files as git ls-files", async () => {
  const root = path.resolve(import.meta.dirname, "..");
  const { projectFiles } = await import("./lint.js");
  const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
  expect(projectFiles(root)).toEqual(tracked);
});
