import { jsonLdText } from "../content/structured-data.ts";

/**
 * A schema.org block. `type="application/ld+json"` is data, never executed: the CSP's script-src
 * does not apply, so cached pages (no nonce) can carry it; "<" is escaped so it cannot close the tag.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
