import type { Language } from "../i18n/languages.ts";

/** Simplified flags drawn by hand (3:2), decorative: the link text names the language. */
export function FlagIcon({ lang, className = "h-3.5 w-5" }: { lang: Language; className?: string }) {
  return (
    <svg
      viewBox="0 0 30 20"
      className={`${className} shrink-0 rounded-[2px] ring-1 ring-black/10`}
      aria-hidden="true"
      focusable="false"
    >
      {FLAGS[lang]}
    </svg>
  );
}

/** Three equal bands, side by side (France, Italy) or stacked (Germany). */
function Tricolour({
  colours,
  horizontal = false,
}: {
  colours: readonly [string, string, string];
  horizontal?: boolean;
}) {
  return colours.map((fill, index) =>
    horizontal ? (
      <rect key={fill} y={index ? BANDS[index] : undefined} width="30" height="6.67" fill={fill} />
    ) : (
      <rect key={fill} x={index ? index * 10 : undefined} width="10" height="20" fill={fill} />
    ),
  );
}

/** Where each stacked band starts on the 20-unit-high flag. */
const BANDS = [0, 6.67, 13.33];

const FLAGS: Record<Language, React.ReactNode> = {
  fr: <Tricolour colours={["#0055a4", "#fff", "#ef4135"]} />,
  en: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#c8102e" strokeWidth="1.6" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.4" />
    </>
  ),
  de: <Tricolour colours={["#000", "#dd0000", "#ffce00"]} horizontal />,
  es: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </>
  ),
  pt: (
    <>
      <rect width="30" height="20" fill="#da291c" />
      <rect width="12" height="20" fill="#046a38" />
      <circle cx="12" cy="10" r="4" fill="#ffe900" />
      <circle cx="12" cy="10" r="2.4" fill="#da291c" />
    </>
  ),
  it: <Tricolour colours={["#009246", "#fff", "#ce2b37"]} />,
};
