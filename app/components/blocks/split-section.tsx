import type { ReactNode } from "react";
import { headingText, sectionClass, SectionHeading, type SectionHeadingProps, type Tone } from "./blocks.tsx";

/**
 * A section in two columns on wide screens: the heading with its text (and whatever follows it) on
 * one side, a picture or a video on the other — after the text, or before it with `mediaFirst`.
 */
export function SplitSection(
  props: SectionHeadingProps & {
    id: string;
    tone?: Tone;
    /** `data-block` hook of the section. */
    block?: string;
    /** The two columns' widths on wide screens, e.g. `lg:grid-cols-[1fr_1.2fr]`. */
    columns: string;
    media: ReactNode;
    mediaFirst?: boolean;
    /** Body paragraphs under the heading. */
    paragraphs?: readonly string[];
    children?: ReactNode;
  },
) {
  const tone = props.tone ?? "light";
  return (
    <section
      id={props.id}
      className={sectionClass(tone)}
      aria-labelledby={`${props.id}-title`}
      data-block={props.block}
    >
      <div className={`container-page grid items-center gap-12 ${props.columns}`}>
        {props.mediaFirst ? props.media : null}
        <div>
          <SectionHeading id={props.id} tone={tone} {...headingText(props)} />
          {props.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-5 text-lg leading-relaxed text-muted">
              {paragraph}
            </p>
          ))}
          {props.children}
        </div>
        {props.mediaFirst ? null : props.media}
      </div>
    </section>
  );
}
