import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "/work/main/tests/support/chromium.ts";
const [,, url, out, w = "1280", h = "800", full = ""] = process.argv;
const b = await chromium.launch(chromiumLaunchOptions);
const p = await b.newPage({ viewport: { width: +w, height: +h } });
await p.goto(url);
await p.screenshot({ path: out, fullPage: !!full });
await b.close();
