// Why this exists: the registry mirror of these build machines does not serve the binaries of
// other platforms (Tailwind's oxide for darwin, win32, android…), so a lock file made here lacks
// their entries and `npm ci` refuses it ("lock file out of sync"). This adds the missing entries
// (version, os, cpu; no integrity hash, since the mirror has no tarball to hash), which `npm ci`
// then skips on Linux anyway. A lock made with the public registry (Renovate's, a developer's
// laptop) already has them, with hashes, and nothing is added.
//
// It only adds: an entry that exists is never changed (above all one with an integrity hash), and
// the file is not rewritten when nothing is missing.
//
//   node tools/fix-lock.js                 adds the missing entries to package-lock.json
//   node tools/fix-lock.js --while CMD…    adds them, runs CMD (npm ci), then puts the file back
//                                          byte for byte: .ci/run leaves the tracked lock unchanged
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const FILE = "package-lock.json";

/** The lock with the missing platform entries added, and how many were added. */
export function completeLock(text) {
  const lock = JSON.parse(text);
  const packages = lock.packages ?? {};
  const added = {};
  for (const [path, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      if (packages[key] || packages[`${path}/node_modules/${name}`] || added[key]) continue;
      const m = /-(android|darwin|freebsd|linux|win32|wasm32|openbsd|sunos|aix)-([a-z0-9]+)/.exec(name);
      const os = m?.[1] === "wasm32" ? undefined : m?.[1];
      const cpu = m?.[1] === "wasm32" ? ["wasm32"] : m ? [m[2]] : undefined;
      added[key] = {
        version,
        dev: entry.dev || undefined,
        optional: true,
        ...(os ? { os: [os] } : {}),
        ...(cpu ? { cpu } : {}),
      };
    }
  }
  const count = Object.keys(added).length;
  if (!count) return { text, added: 0 };
  // Existing entries keep their place and their exact content; new ones go at the end.
  lock.packages = { ...packages, ...added };
  return { text: JSON.stringify(lock, null, 2) + "\n", added: count };
}

const isMain = process.argv[1] && fs.realpathSync(process.argv[1]) === fs.realpathSync(new URL(import.meta.url));
if (isMain) {
  const original = fs.readFileSync(FILE, "utf8");
  const { text, added } = completeLock(original);
  if (added) fs.writeFileSync(FILE, text);
  console.log(`fix-lock: ${added} missing platform entr${added === 1 ? "y" : "ies"} added`);
  const at = process.argv.indexOf("--while");
  if (at !== -1) {
    const [command, ...args] = process.argv.slice(at + 1);
    if (!command) {
      console.error("Usage: node tools/fix-lock.js [--while COMMAND ARGS…]");
      process.exit(2);
    }
    let result;
    try {
      result = spawnSync(command, args, { stdio: "inherit" });
    } finally {
      if (added) fs.writeFileSync(FILE, original);
    }
    process.exit(result.status ?? 1);
  }
}
