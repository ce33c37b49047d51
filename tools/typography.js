// `node tools/typography.js [--fix]`: lists (or, with --fix, corrects) every string of
// locales/{lng}/*.json that breaks its language's typography or glossary (app/i18n/typography.ts).
import "../scripts/require-node.js";
import fs from "node:fs";
import path from "node:path";
import { applyTypography, typographyFindings } from "../app/i18n/typography.ts";

const fix = process.argv.includes("--fix");
let findings = 0;
const walk = (value, lang, where) => {
  if (typeof value === "string") {
    for (const found of typographyFindings(lang, value)) {
      findings++;
      if (!fix) console.log(`${where}: ${found.why}: …${found.at}…`);
    }
    return fix ? applyTypography(lang, value) : value;
  }
  if (Array.isArray(value)) return value.map((item, i) => walk(item, lang, `${where}[${i}]`));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, lang, `${where}.${key}`)]));
  return value;
};
for (const lang of fs.readdirSync("locales")) {
  for (const file of fs.readdirSync(path.join("locales", lang)).filter((name) => name.endsWith(".json"))) {
    const full = path.join("locales", lang, file);
    const fixed = walk(JSON.parse(fs.readFileSync(full, "utf8")), lang, full);
    if (fix) fs.writeFileSync(full, `${JSON.stringify(fixed, null, 2)}\n`);
  }
}
console.log(fix ? `typography: ${findings} corrected` : `typography: ${findings} found`);
process.exit(!fix && findings ? 1 : 0);
