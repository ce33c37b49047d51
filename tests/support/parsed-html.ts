import type { JSHandle, Page } from "@playwright/test";

/**
 * Server-rendered HTML, fetched over HTTP and parsed by the browser's own HTML parser in one
 * long-lived tab: `(await parsedHtml(page, html)).evaluate((doc) => …)`. For checks of what the
 * server sent (links, attributes, text), where no script runs and nothing is laid out: each
 * navigation costs about 300 ms of browser round trips on a 2-core machine (a new document, then
 * its script context), parsing costs one (issue 26).
 */
export async function parsedHtml(page: Page, html: string): Promise<JSHandle<Document>> {
  return page.evaluateHandle((source) => new DOMParser().parseFromString(source, "text/html"), html);
}
