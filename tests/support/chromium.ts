import fs from "node:fs";

/** Debian's Chromium when present (Playwright cannot download browsers here), else Playwright's own. */
export const chromiumLaunchOptions = fs.existsSync("/usr/bin/chromium")
  ? {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    }
  : {};
