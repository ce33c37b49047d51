// Adds lock entries for platform-specific optional packages that the registry mirror here does not
// serve (e.g. Tailwind's darwin/win32 binaries), so `npm ci` accepts the lock; they are skipped on
// Linux anyway. Idempotent: `node scripts/fix-lock.js`.
import fs from "node:fs";
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const pk = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries({ ...pk })) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (pk[key] || pk[`${path}/node_modules/${name}`]) continue;
    const m = /-(android|darwin|freebsd|linux|win32|wasm32|openbsd|sunos|aix)-([a-z0-9]+)/.exec(name);
    const os = m?.[1] === "wasm32" ? undefined : m?.[1];
    const cpu = m?.[1] === "wasm32" ? ["wasm32"] : m ? [m[2]] : undefined;
    pk[key] = { version, dev: entry.dev || undefined, optional: true, ...(os ? { os: [os] } : {}), ...(cpu ? { cpu } : {}) };
    added++;
  }
}
fs.writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
console.log(`added ${added}`);
