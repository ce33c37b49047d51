/**
 * `npm run check-live`'s report, in order of importance: what stops the site taking money or
 * sending mail first, then the legal notice, then the site's content; the optional video slots,
 * which are most of a fresh configuration's lines (42 of 76), folded into one line with a count.
 * Each line as the server's start-up prints it (app/config/readiness.server.ts), grouped.
 */
const GROUPS: Array<{ title: string; holds: (line: string) => boolean }> = [
  { title: "Payments and mail", holds: (line) => /^(STRIPE_\w+|SMTP_URL|MAIL_FROM|PUBLIC_ORIGIN|Stripe)\b/.test(line) },
  { title: "Legal notice", holds: (line) => line.startsWith("legal.") },
  { title: "Site content", holds: () => true },
];

const VIDEO_SLOT = /^videos\.[^:]+: not set\b/;

/**
 * Lines that say the same thing of several values under one root ("profiles.linkedin.url: not set
 * (…)" for five networks, three sample testimonials) as one line naming each:
 * "profiles.{linkedin.url, youtube.url, …}: not set (…)". A lone line stays as it is, so the report
 * fits a screen (about 30 lines for a fresh configuration) without hiding a value.
 */
function folded(lines: readonly string[]): string[] {
  const groups = new Map<string, { root: string; reason: string; names: string[] }>();
  const out: Array<string | { root: string; reason: string; names: string[] }> = [];
  for (const line of lines) {
    const split = line.indexOf(": ");
    const name = split > 0 ? line.slice(0, split) : "";
    const root = /^[^.[]+/.exec(name)?.[0];
    if (!root || name === root) {
      out.push(line);
      continue;
    }
    const reason = line.slice(split + 2);
    const key = `${root}\u0000${reason}`;
    let group = groups.get(key);
    if (!group) {
      group = { root, reason, names: [] };
      groups.set(key, group);
      out.push(group);
    }
    group.names.push(name.slice(root.length).replace(/^\./, ""));
  }
  return out.map((entry) =>
    typeof entry === "string"
      ? entry
      : entry.names.length === 1
        ? `${entry.root}${/^\[/.test(entry.names[0]!) ? "" : "."}${entry.names[0]}: ${entry.reason}`
        : `${entry.root}.{${entry.names.join(", ")}}: ${entry.reason}`,
  );
}

/** `problems`: the readiness lines; `stripe`: the Stripe account's lines (checkStripeAccount). */
export function liveReport(file: string, problems: readonly string[], stripe: readonly string[]): string {
  const all = [...problems, ...stripe];
  const videos = all.filter((line) => VIDEO_SLOT.test(line));
  const rest = all.filter((line) => !VIDEO_SLOT.test(line));
  const out = [`Not ready to go live: ${all.length} value(s) to set (${file}, environment):`];
  const left = new Set(rest);
  for (const group of GROUPS) {
    const lines = [...left].filter(group.holds);
    if (!lines.length) continue;
    for (const line of lines) left.delete(line);
    out.push(`${group.title}:`, ...folded(lines).map((line) => `  ${line}`));
  }
  if (videos.length) {
    out.push(
      "Videos:",
      `  videos: ${videos.length} slot(s) not set (each a video id, or false to show the artwork only; see "videos" in ${file})`,
    );
  }
  return out.join("\n");
}
