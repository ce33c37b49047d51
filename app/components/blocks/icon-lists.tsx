import type { ReactNode } from "react";
import { LineIcon, type IconName } from "./line-icons.tsx";

/**
 * Icon-led lists of the marketing pages. Each list carries its `data-block` hook itself, so tests
 * and styles reach its items as `[data-block=…] > li`.
 */

/** Rows on a dark section: an icon beside a title and its text (reasons, booking steps). */
export function IconRows({
  items,
  block,
  columns = 1,
  iconTone = "accent",
}: {
  items: ReadonlyArray<{ title: string; text: string; icon: ReactNode }>;
  block: string;
  columns?: 1 | 2;
  /** The icon's colour: the site's accent, or WhatsApp's green on that page. */
  iconTone?: "accent" | "emerald";
}) {
  const iconClass = iconTone === "emerald" ? "bg-emerald-500/15 text-emerald-300" : "bg-accent-500/20 text-accent-300";
  return (
    <ul className={columns === 2 ? "grid gap-5 sm:grid-cols-2" : "grid gap-4"} data-block={block}>
      {items.map((item) => (
        <li key={item.title} className="flex gap-4 rounded-2xl border border-white/10 bg-white/5 p-6">
          <span className={`grid size-11 shrink-0 place-items-center rounded-xl ${iconClass}`}>{item.icon}</span>
          <div>
            <h3 className="text-lg font-semibold text-white">{item.title}</h3>
            <p className="mt-1 leading-relaxed text-slate-300">{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Short labels, each with its icon, as white chips (the tools a workflow connects, its stages). */
export function IconPills({
  labels,
  icons,
  block,
  ordered = false,
  className,
}: {
  labels: readonly string[];
  /** The icon of each label, by position. */
  icons: readonly IconName[];
  block: string;
  /** A sequence (an `<ol>`) rather than a set. */
  ordered?: boolean;
  /** The list's grid: columns and spacing around it. */
  className: string;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <List className={className} data-block={block}>
      {labels.map((label, index) => (
        <li
          key={label}
          className="flex items-center gap-4 rounded-2xl border border-line bg-white px-5 py-4 shadow-card"
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-100 text-accent-700">
            <LineIcon name={icons[index] ?? "sparkles"} className="size-5" />
          </span>
          <span className="font-semibold text-ink">{label}</span>
        </li>
      ))}
    </List>
  );
}
