import { expect, test, type Page } from "@playwright/test";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";

// The site's CSP has no 'unsafe-eval' (server/security-headers.ts). A script that tries `eval` or
// `new Function` is refused, and the browser reports it: Firefox prints a CSP error in the console
// of every such page. Zod probed `Function("")` as each object schema was built in the browser
// bundle (the thank-you page hydrates with the site configuration's schema); app/lib/zod.ts makes
// it jitless. Only with scripts on (playwright.config.ts keeps this spec out of js-off).

/** Every CSP violation the page reports, from the first script on, and the console's CSP errors. */
async function violationsOn(page: Page, url: string): Promise<string[]> {
  const found: string[] = [];
  await page.exposeFunction("reportViolation", (line: string) => found.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation(line: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) found.push(message.text());
  });
  const response = await page.goto(url, { waitUntil: "networkidle" });
  expect(response?.status(), url).toBeLessThan(400);
  return found;
}

// The pages that ship scripts: the hydrated thank-you page, the order form (forms.js), the owner's
// sign-in, a marketing page (enhance.js).
for (const url of [THANK_YOU_PATHS.fr, THANK_YOU_PATHS.en, "/commander?offer=logo-animator", "/admin/sign-in", "/"]) {
  test(`${url}: no script asks for eval, nothing breaks the CSP`, async ({ page }) => {
    expect(await violationsOn(page, url)).toEqual([]);
  });
}
