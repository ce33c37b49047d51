// Renders public/og-image.svg to public/og-image.png (1200×630) with Chromium: `node tools/render-og-image.ts`.
// The SVG is the source; rerun after editing it and commit both files.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const svg = fs.readFileSync(path.join(root, "public/og-image.svg"), "utf8");
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:#0b1020">${svg}</body></html>`);
  await page.locator("svg").first().screenshot({ path: path.join(root, "public/og-image.png"), omitBackground: false });
  console.log("public/og-image.png written");
} finally {
  await browser.close();
}
