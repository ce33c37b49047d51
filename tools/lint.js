// Checks ESLint cannot make: no secrets committed, locale JSON parses (run after `eslint .`).
import "../scripts/require-node.js";
import { execSync } from "node:child_process";
import fs from "node:fs";

let failures = 0;
const files = execSync("git ls-files", { encoding: "utf8" }).split("\n").filter(Boolean);
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
