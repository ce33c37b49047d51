// Renders every public page the site serves from the BUILT server and saves the HTML, so a change
// that only moves data (a refactor of the catalogue, the site map, the field lists) can be shown
// to leave the output byte-identical.
//
//   npm run build && node scripts/run.js tools/page-snapshots.ts save DIR
//   (edit, rebuild)  && node scripts/run.js tools/page-snapshots.ts save DIR2
//   node scripts/run.js tools/page-snapshots.ts compare DIR DIR2
//
// The URL list is read from the running site (its sitemap, every language's hreflang, the order
// form of every offer its pages link to), not from the code under change, so a page dropped by
// mistake shows up as a missing file. Only what differs on every render is normalised: CSP
// nonces, hashed asset names, the per-request form tokens and the server's port.
import fs from "node:fs";
import path from "node:path";
import { startSite } from "../tests/support/site-server.ts";

const [command, dir, other] = process.argv.slice(2);

function normalise(html: string, origin: string): string {
  return html
    .replaceAll(origin, "ORIGIN")
    .replace(/nonce="[^"]*"/g, 'nonce="N"')
    .replace(/'nonce-[^']*'/g, "'nonce-N'")
    .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}\.(js|css|woff2?|png|svg|webp|avif|jpg)/g, "$1-H.$2")
    .replace(/(name="(?:csrf|_csrf|formToken|token|started)"[^>]*value=")[^"]*"/g, '$1T"')
    .replace(/(value=")[^"]*("[^>]*name="(?:csrf|_csrf|formToken|token|started)")/g, "$1T$2");
}

function fileName(url: string): string {
  return `${url.replace(/^\//, "").replace(/[/?&=]/g, "_") || "_root"}.html`;
}

async function save(target: string) {
  // The complete configuration (every contact, profile and link set), as the browser tests use.
  const { url: origin, child } = await startSite("tests/fixtures/site-complete.json");
  try {
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(target, { recursive: true });
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
    const urls = new Set<string>(["/sitemap.xml"]);
    for (const match of sitemap.matchAll(/(?:<loc>|href=")([^<"]+)/g)) urls.add(new URL(match[1]!).pathname);
    const pages = [...urls].filter((url) => url !== "/sitemap.xml");
    // Every order form a marketing page links to, in every language it is linked in.
    for (const page of pages) {
      const html = await (await fetch(`${origin}${page}`)).text();
      for (const match of html.matchAll(/href="(\/commander\?[^"]+)"/g)) urls.add(match[1]!.replace(/&amp;/g, "&"));
    }
    for (const url of [...urls].sort()) {
      const response = await fetch(`${origin}${url}`, { headers: { "accept-language": "fr" } });
      fs.writeFileSync(
        path.join(target, fileName(url)),
        `${response.status}\n${normalise(await response.text(), origin)}`,
      );
    }
    console.log(`${urls.size} pages saved in ${target}`);
  } finally {
    child.kill();
  }
}

function compare(before: string, after: string) {
  const names = new Set([...fs.readdirSync(before), ...fs.readdirSync(after)]);
  let differing = 0;
  for (const name of [...names].sort()) {
    const a = fs.existsSync(path.join(before, name)) ? fs.readFileSync(path.join(before, name), "utf8") : null;
    const b = fs.existsSync(path.join(after, name)) ? fs.readFileSync(path.join(after, name), "utf8") : null;
    if (a === b) continue;
    differing++;
    if (a === null || b === null) {
      console.log(`${name}: only ${a === null ? "after" : "before"}`);
      continue;
    }
    // The first differing place, with some context either side.
    let at = 0;
    while (at < a.length && a[at] === b[at]) at++;
    console.log(
      `${name}: differs at ${at}\n  before: ${a.slice(Math.max(0, at - 80), at + 120)}\n  after:  ${b.slice(Math.max(0, at - 80), at + 120)}`,
    );
  }
  console.log(`${names.size} pages, ${differing} differ`);
  process.exitCode = differing ? 1 : 0;
}

if (command === "save" && dir) await save(dir);
else if (command === "compare" && dir && other) compare(dir, other);
else {
  console.error("usage: page-snapshots.ts save DIR | compare BEFORE AFTER");
  process.exitCode = 2;
}
