/**
 * Tests that read what the server rendered, where JavaScript changes nothing: marketing pages ship
 * no framework, only small enhancers that act on a click, a hover or typing (/enhance.js: video
 * facades and menus; /forms.js: form checks), so their content, links, markup, screenshots and
 * 320 px geometry are the same with scripts on or off. They
 * run once, in the `js-off` project (the harder case, and our slow-phone visitors'); the `js-on`
 * project skips them (playwright.config.ts `grepInvert`), which keeps `npm test` short.
 * Tests of forms, flows, facades and anything a script acts on stay untagged and run in both.
 */
export const HTML_ONLY = { tag: "@html-only" } as const;
