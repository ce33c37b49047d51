// Renders the site's PNGs from their SVG sources with Chromium: `node tools/render-og-image.ts`.
//   public/og-image.svg → public/og-image.png (1200×630, the link preview)
//   public/favicon.svg → public/email-logo.png (72×72, the logo every email shows at 36×36: mail
//   apps do not show SVG; favicon.svg is the mark of app/components/logo.tsx, checked by
//   app/mail/email-layout.test.ts)
// The SVGs are the sources; rerun after editing one and commit both files.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium.ts";

const root = path.resolve(import.meta.dirname, "..");
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const og = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await og.setContent(
    `<!doctype html><html><body style="margin:0;background:#0b1020">${fs.readFileSync(path.join(root, "public/og-image.svg"), "utf8")}</body></html>`,
  );
  await og
    .locator("svg")
    .first()
    .screenshot({ path: path.join(root, "public/og-image.png"), omitBackground: false });
  console.log("public/og-image.png written");

  const logo = await browser.newPage({ viewport: { width: 36, height: 36 }, deviceScaleFactor: 2 });
  const mark = fs
    .readFileSync(path.join(root, "public/favicon.svg"), "utf8")
    .replace("<svg ", '<svg width="36" height="36" style="display:block" ');
  await logo.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${mark}</body></html>`);
  await logo
    .locator("svg")
    .first()
    .screenshot({ path: path.join(root, "public/email-logo.png"), omitBackground: true });
  console.log("public/email-logo.png written");
} finally {
  await browser.close();
}
