import { getEnv } from "../lib/env.server.ts";

export function loader() {
  const origin = getEnv().PUBLIC_ORIGIN;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /commander",
    "Disallow: /checkout/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
