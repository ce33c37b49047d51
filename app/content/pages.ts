import { LANGUAGES, TEST_WORKFLOW_PATHS, type Language } from "../i18n/languages.ts";

/**
 * Every marketing page: its URL, its translation namespace (locales/{lng}/{id}.json) and its
 * route module. Each page also answers at `{path}/{lng}` to force a language.
 */
export const PAGES = [
  { id: "home", path: "/", file: "routes/home.tsx" },
  { id: "ai-machine", path: "/ai-machine", file: "routes/ai-machine.tsx" },
  { id: "logo-animator", path: "/logo-animator", file: "routes/logo-animator.tsx" },
  { id: "agent-photoshop", path: "/agent-photoshop", file: "routes/agent-photoshop.tsx" },
  { id: "veo3-ad", path: "/veo3-ad", file: "routes/veo3-ad.tsx" },
  { id: "veo3", path: "/veo3", file: "routes/veo3.tsx" },
  { id: "nano-banana", path: "/nano-banana", file: "routes/nano-banana.tsx" },
  { id: "seedance", path: "/seedance", file: "routes/seedance.tsx" },
  { id: "short-videos", path: "/short-videos", file: "routes/short-videos.tsx" },
  { id: "newsletter", path: "/newsletter", file: "routes/newsletter.tsx" },
  { id: "blog", path: "/blog", file: "routes/blog.tsx" },
  { id: "instagram", path: "/instagram", file: "routes/instagram.tsx" },
  { id: "whatsapp", path: "/whatsapp", file: "routes/whatsapp.tsx" },
  { id: "formateur-ia", path: "/formateur-ia", file: "routes/formateur-ia.tsx" },
  { id: "test-workflow", path: "/test-workflow", file: "routes/test-workflow.tsx" },
  { id: "datasets", path: "/datasets", file: "routes/datasets.tsx" },
  { id: "cgv", path: "/cgv", file: "routes/cgv.tsx" },
  { id: "tos", path: "/tos", file: "routes/tos.tsx" },
  { id: "privacy", path: "/privacy", file: "routes/privacy.tsx" },
  { id: "legal-notice", path: "/legal-notice", file: "routes/legal-notice.tsx" },
] as const;

export type Page = (typeof PAGES)[number];
export type PageId = Page["id"];

/** The 13 links of the shared navigation, in the spec's order; labels live in common.json `nav.*`. */
export const NAV_PAGES: readonly PageId[] = [
  "home",
  "ai-machine",
  "logo-animator",
  "agent-photoshop",
  "veo3-ad",
  "nano-banana",
  "seedance",
  "short-videos",
  "newsletter",
  "blog",
  "instagram",
  "whatsapp",
  "formateur-ia",
];

export function pageById(id: PageId): Page {
  return PAGES.find((page) => page.id === id)!;
}

/** The URL that shows `page` in `lang`. */
export function pagePath(page: Page, lang: Language): string {
  if (page.id === "test-workflow" && lang !== "fr") return TEST_WORKFLOW_PATHS[lang];
  return page.path === "/" ? `/${lang}` : `${page.path}/${lang}`;
}

const BY_PATH = new Map<string, Page>();
for (const page of PAGES) {
  BY_PATH.set(page.path, page);
  for (const lang of LANGUAGES) BY_PATH.set(page.path === "/" ? `/${lang}` : `${page.path}/${lang}`, page);
}
for (const path of Object.values(TEST_WORKFLOW_PATHS)) BY_PATH.set(path, pageById("test-workflow"));

/** The marketing page a pathname shows, if any (trailing slashes ignored). */
export function pageForPath(pathname: string): Page | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return BY_PATH.get(path);
}
