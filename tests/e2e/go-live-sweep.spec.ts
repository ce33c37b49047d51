import { expect, test, type Page } from "@playwright/test";
import { PAGES, pageById, pagePath } from "../../app/i18n/site-map.ts";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";
import { COMPLETE_CONFIG, DEMO_CONFIG, readSiteConfig } from "../support/site-config.ts";
import { fetchParsed } from "../support/parsed-html.ts";
import { startSite } from "../support/site-server.ts";

/**
 * Every page in every language, served with the demo configuration and with a complete one: no
 * player or embed for an id the owner did not configure, the legal pages linked from every footer,
 * and, once complete, no platform home page standing in for a profile and no example.com.
 */
const PLATFORM_HOSTS =
  /^(www\.)?(linkedin\.com|youtube\.com|youtu\.be|facebook\.com|dlive\.tv|twitch\.tv|tiktok\.com|instagram\.com|x\.com|twitter\.com)$/;

const urls = (lang: Language) => [
  ...PAGES.map((page) => pagePath(page, lang)),
  `/commander?offre=test-workflow&lang=${lang}`,
];

/** What the checks read from one served page. */
interface Served {
  players: string[];
  artworkVideos: number;
  privacyLinks: number;
  noticeLinks: number;
  placeholder: boolean;
  text: string;
  targets: string[];
  bare: string[];
}

async function sweep(page: Page, base: string, configFile: string, complete: boolean, lang: Language) {
  const configured = Object.values(readSiteConfig(configFile).videos).filter(
    (ref): ref is string => typeof ref === "string",
  );
  const privacy = pagePath(pageById("privacy"), lang);
  const notice = pagePath(pageById("legal-notice"), lang);
  for (const path of urls(lang)) {
    // Everything here is in the HTML the server sent (no script runs on these checks): parsed in
    // one tab, not navigated to (tests/support/parsed-html.ts).
    const { status, doc } = await fetchParsed(page, base + path);
    expect(status, path).toBe(200);
    const seen: Served = await doc.evaluate(
      (doc, [privacyHref, noticeHref, origin]) => {
        const attrs = (selector: string, names: string[]) =>
          [...doc.querySelectorAll(selector)].map((node) =>
            names.map((name) => node.getAttribute(name) ?? "").join(" "),
          );
        const footer = doc.querySelector("footer");
        // The text a reader sees: no script, style or template; a line break around each block,
        // as innerText puts it (numbers in neighbouring cells must not run together).
        const BLOCK =
          /^(ADDRESS|ARTICLE|ASIDE|BLOCKQUOTE|BR|CAPTION|DD|DETAILS|DIALOG|DIV|DL|DT|FIELDSET|FIGCAPTION|FIGURE|FOOTER|FORM|H[1-6]|HEADER|HR|LI|MAIN|NAV|OL|OPTION|P|PRE|SECTION|SUMMARY|TABLE|TD|TH|TR|UL)$/;
        const parts: string[] = [];
        const walk = (node: Node) => {
          if (node.nodeType === Node.TEXT_NODE) return void parts.push(node.textContent ?? "");
          if (
            !(node instanceof Element) ||
            /^(SCRIPT|STYLE|TEMPLATE)$/.test(node.tagName) ||
            node.hasAttribute("hidden")
          )
            return;
          const block = BLOCK.test(node.tagName);
          if (block) parts.push("\n");
          for (const child of node.childNodes) walk(child);
          if (block) parts.push("\n");
        };
        walk(doc.body);
        return {
          players: attrs("a.video-facade, [data-embed], iframe", ["href", "data-embed", "src"]),
          artworkVideos: doc.querySelectorAll('[data-video="artwork"]').length,
          // The footer's legal links (its language list may link the same path on the legal pages themselves).
          privacyLinks: footer?.querySelectorAll(`a[data-legal-link="privacy"][href="${privacyHref}"]`).length ?? 0,
          noticeLinks: footer?.querySelectorAll(`a[data-legal-link="legal-notice"][href="${noticeHref}"]`).length ?? 0,
          placeholder: doc.documentElement.outerHTML.includes("REPLACE-"),
          text: parts.join(""),
          targets: attrs("[href], [src]", ["href", "src"]),
          bare: [...doc.querySelectorAll("a[href^='http']")]
            .map((link) => new URL(link.getAttribute("href")!, origin))
            .filter((url) => url.pathname.replace(/\/+$/, "") === "" && !url.search)
            .map((url) => url.href),
        };
      },
      [privacy, notice, base] as const,
    );
    await doc.dispose();

    // A player or a watch link only for a configured id; everything else is artwork.
    for (const player of seen.players)
      expect(
        configured.some((ref) => player.includes(ref)),
        `${path}: player without a configured id: ${player}`,
      ).toBe(true);
    if (!complete) expect(seen.players, `${path}: the demo configures no video`).toEqual([]);
    if (complete) expect(seen.artworkVideos, `${path}: a configured video shown as artwork only`).toBe(0);
    expect(seen.privacyLinks, `${path}: privacy link in the footer`).toBe(1);
    expect(seen.noticeLinks, `${path}: legal notice link in the footer`).toBe(1);

    expect(seen.placeholder, `${path}: placeholder id`).toBe(false);
    const text = seen.text;
    expect(text, `${path}: raw interpolation`).not.toMatch(/\{\{|\}\}/);
    // One way to write numbers on a page: not "110.000" next to "5700" (years aside).
    const grouped = text.match(/(?<![\d.,])\d{1,3}(?:[.,\u202f\u00a0 ]\d{3})+(?!\d)/g) ?? [];
    const ungrouped = (text.match(/(?<![\d.,:/+-])\d{4}(?![\d.,:])/g) ?? []).filter(
      (n) => Number(n) < 1900 || Number(n) > 2100,
    );
    if (grouped.length)
      expect(ungrouped, `${path}: numbers grouped (${grouped.slice(0, 3).join(", ")}) and not`).toEqual([]);
    if (complete) {
      // No link, source or visible text on example.com. A form may still show the reserved example
      // domain as guidance ("Enter an email address like name@example.com"): a placeholder, a message.
      expect(
        seen.targets.filter((target) => /example\.(com|org|net)/i.test(target)),
        `${path}: link to example.com`,
      ).toEqual([]);
      expect(text, `${path}: example.com`).not.toMatch(/example\.(com|org|net)/i);
      expect(
        seen.bare.filter((href) => PLATFORM_HOSTS.test(new URL(href).hostname)),
        `${path}: links to a platform's home page`,
      ).toEqual([]);
    }
  }
}

for (const [name, configFile, complete] of [
  ["demo configuration", DEMO_CONFIG, false],
  ["complete configuration", COMPLETE_CONFIG, true],
] as const) {
  test.describe(name, () => {
    let server: Awaited<ReturnType<typeof startSite>>;
    test.beforeAll(async () => {
      server = await startSite(configFile);
    });
    test.afterAll(() => {
      server?.child.kill("SIGTERM");
    });

    for (const lang of LANGUAGES) {
      test(`every page in ${lang}: no placeholder player, legal links in the footer${complete ? ", no bare platform link, no example.com" : ""}`, async ({
        page,
      }) => {
        // 22 pages in one test: generous for a loaded 2-core machine.
        test.setTimeout(240_000);
        await sweep(page, server.url, configFile, complete, lang);
      });
    }
  });
}
