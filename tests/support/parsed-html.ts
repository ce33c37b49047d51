import type { JSHandle, Page } from "@playwright/test";

/**
 * Server-rendered HTML, fetched over HTTP and parsed by the browser's own HTML parser in one
 * long-lived tab: `(await parsedHtml(page, html)).evaluate((doc) => …)`. For checks of what the
 * server sent (links, attributes, text), where no script runs and nothing is laid out: each
 * navigation costs about 300 ms of browser round trips on a 2-core machine (a new document, then
 * its script context), parsing costs one.
 */
export async function parsedHtml(page: Page, html: string): Promise<JSHandle<Document>> {
  return page.evaluateHandle((source) => new DOMParser().parseFromString(source, "text/html"), html);
}

/** What most page checks read: the language, the title, the description and the h1 count. */
export interface PageHead {
  lang: string;
  title: string;
  description: string;
  h1: number;
}

/** GET a page as a browser asks for it (English first, like Playwright's Chromium): its status and parsed document (dispose it when done). */
export async function fetchParsed(page: Page, url: string): Promise<{ status: number; doc: JSHandle<Document> }> {
  const response = await fetch(url, { headers: { "Accept-Language": "en-US,en;q=0.9" } });
  return { status: response.status, doc: await parsedHtml(page, await response.text()) };
}

/** A parsed page's head, for the checks most pages share (one round trip). */
export function headOf(doc: JSHandle<Document>): Promise<PageHead> {
  return doc.evaluate((doc) => ({
    lang: doc.documentElement.lang,
    title: doc.title,
    description: doc.querySelector('meta[name="description"]')?.getAttribute("content") ?? "",
    h1: doc.querySelectorAll("h1").length,
  }));
}
