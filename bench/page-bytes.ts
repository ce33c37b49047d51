import { gzipSync } from "node:zlib";

export interface PageBytes {
  path: string;
  htmlBytes: number;
  htmlGzip: number;
  /** Gzip bytes of every external script, modulepreload and executable inline script. */
  jsGzip: number;
  jsFiles: string[];
  cssGzip: number;
  cssFiles: string[];
}

const gz = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;
const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, "i").exec(tag)?.[1];

/** What one page ships: fetched from a running server, every referenced asset gzipped on its own. */
export async function pageBytes(origin: string, path: string): Promise<PageBytes> {
  const html = Buffer.from(await (await fetch(origin + path)).arrayBuffer());
  const text = html.toString("utf8");
  const scripts = new Set<string>();
  const styles = new Set<string>();
  let inlineJs = 0;
  for (const match of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = match[1] ?? "";
    const src = attr(tag, "src");
    if (src) scripts.add(src);
    else {
      const type = attr(tag, "type") ?? "";
      // JSON data blocks are not executed; count only code.
      if (!/json/i.test(type) && match[2]!.trim()) inlineJs += gz(match[2]!);
    }
  }
  for (const match of text.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(match[0], "rel");
    const href = attr(match[0], "href");
    if (!href) continue;
    if (rel === "modulepreload") scripts.add(href);
    if (rel === "stylesheet") styles.add(href);
  }
  const sizeOf = async (href: string) =>
    gz(Buffer.from(await (await fetch(new URL(href, origin + path))).arrayBuffer()));
  let jsGzip = inlineJs;
  for (const href of scripts) jsGzip += await sizeOf(href);
  let cssGzip = 0;
  for (const href of styles) cssGzip += await sizeOf(href);
  return {
    path,
    htmlBytes: html.length,
    htmlGzip: gz(html),
    jsGzip,
    jsFiles: [...scripts],
    cssGzip,
    cssFiles: [...styles],
  };
}
