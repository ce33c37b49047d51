// Checks ESLint cannot make: no secrets committed, locale JSON parses (run after `eslint .`).
import "../scripts/require-node.js";
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The files under version control: `git ls-files` in a checkout; outside one (a release tarball,
 * a copy without .git) the tree walked with the root .gitignore's rules, so the same files are
 * checked and lint does not fail for want of git.
 */
export function projectFiles(root = process.cwd()) {
  try {
    return execSync("git ls-files", { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      .split("\n")
      .filter(Boolean);
  } catch {
    return walk(root, ignoreRules(root));
  }
}

/** The root .gitignore as tests on a path relative to the root (`dir`: is it a directory): blank lines, comments, `dir/`, anchored `a/b`, `*`, `?` and `**`. */
function ignoreRules(root) {
  const file = path.join(root, ".gitignore");
  const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").split(/\r?\n/) : [];
  const rules = [(relative) => relative === ".git" || relative.endsWith("/.git")];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith("!")) continue;
    const onlyDirs = line.endsWith("/");
    const pattern = line.replace(/^\/|\/$/g, "");
    const anchored = line.slice(0, -1).includes("/") && !line.startsWith("**/");
    const source = pattern
      .split(/(\*\*\/?|\*|\?)/)
      .map((part) =>
        part === "**" || part === "**/"
          ? ".*"
          : part === "*"
            ? "[^/]*"
            : part === "?"
              ? "[^/]"
              : part.replace(/[.+^${}()|[\]\\]/g, "\\$&"),
      )
      .join("");
    const regex = new RegExp(anchored ? `^${source}$` : `(^|/)${source}$`);
    rules.push((relative, dir) => (!onlyDirs || dir) && regex.test(relative));
  }
  return (relative, dir) => rules.some((rule) => rule(relative, dir));
}

function walk(root, ignored, dir = "") {
  const files = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (ignored(relative, entry.isDirectory())) continue;
    if (entry.isDirectory()) files.push(...walk(root, ignored, relative));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

// Run as `node tools/lint.js` (npm run lint); imported, it only lends projectFiles.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let failures = 0;
  const files = projectFiles();
  for (const file of files) {
    if (!fs.existsSync(file) || fs.statSync(file).size > 2_000_000) continue;
    const text = fs.readFileSync(file, "utf8");
    if (/\b(sk|rk)_live_[0-9a-zA-Z]{10,}|whsec_[0-9a-zA-Z]{20,}/.test(text)) {
      console.error(`${file}: looks like a secret key`);
      failures++;
    }
    if (file.startsWith("locales/") && file.endsWith(".json")) {
      try {
        JSON.parse(text);
      } catch (error) {
        console.error(`${file}: ${error.message}`);
        failures++;
      }
    }
  }
  if (failures) process.exit(1);
  console.log(`lint: ${files.length} files checked`);
}
