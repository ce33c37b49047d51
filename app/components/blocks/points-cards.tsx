import type { ReactNode } from "react";
import { CheckList } from "./blocks.tsx";

export interface PointsCardItem {
  title: string;
  text: string;
  points: string[];
  /** Above the title: an icon, a number, a badge. */
  top: ReactNode;
}

/** Large cards (offers, missions): a title, a text, and what each includes under a rule. */
export function PointsCards({
  items,
  block,
  columns,
  ordered = false,
}: {
  items: readonly PointsCardItem[];
  block: string;
  columns: 2 | 3;
  ordered?: boolean;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <List className={`grid gap-6 ${columns === 3 ? "lg:grid-cols-3" : "lg:grid-cols-2"}`} data-block={block}>
      {items.map((item) => (
        <li key={item.title} className="card relative flex flex-col p-8">
          {item.top}
          <h3 className="mt-6 text-2xl font-bold text-ink">{item.title}</h3>
          <p className="mt-3 leading-relaxed text-muted">{item.text}</p>
          <div className="mt-6 border-t border-line pt-6 sm:[&>ul]:grid-cols-1">
            <CheckList items={item.points} />
          </div>
        </li>
      ))}
    </List>
  );
}
