/**
 * Small stroked icons (our own 24×24 drawings) for feature cards. Decorative: always aria-hidden,
 * the card's heading carries the meaning.
 */
const PATHS = {
  chat: "M4 5h16v11H9l-5 4z M8 9.5h8 M8 12.5h5",
  filter: "M4 5h16l-6 7.5V19l-4-2v-4.5z",
  calendar: "M4 6h16v14H4z M4 10h16 M8 3.5v4 M16 3.5v4 M8 14h3 M8 17h3",
  magnet: "M6 4v8a6 6 0 0 0 12 0V4h-4v8a2 2 0 0 1-4 0V4z M6 8h4 M14 8h4",
  bolt: "M13 3 5 13.5h6L10 21l8-10.5h-6z",
  brain:
    "M9 4.5a3 3 0 0 0-3 3 3 3 0 0 0-1.5 5.5A3 3 0 0 0 9 18a3 3 0 0 0 3 1.5V5.5A3 3 0 0 0 9 4.5z M15 4.5a3 3 0 0 1 3 3 3 3 0 0 1 1.5 5.5A3 3 0 0 1 15 18a3 3 0 0 1-3 1.5",
  mic: "M9 4.5a3 3 0 0 1 6 0V11a3 3 0 0 1-6 0z M5.5 11a6.5 6.5 0 0 0 13 0 M12 17.5V21 M8.5 21h7",
  image: "M4 5h16v14H4z M4 16l5-5 4 4 2.5-2.5L20 17 M15.5 9.2a.1.1 0 1 0 .01 0",
  clock: "M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17z M12 7.5V12l3 2",
  globe:
    "M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17z M3.5 12h17 M12 3.5c2.5 2.5 3.5 5.5 3.5 8.5s-1 6-3.5 8.5c-2.5-2.5-3.5-5.5-3.5-8.5s1-6 3.5-8.5z",
  shield: "M12 3 19 6v5.5c0 4.5-3 8-7 9.5-4-1.5-7-5-7-9.5V6z M9 12l2 2 4-4",
  sparkles:
    "M12 3.5l1.8 4.7 4.7 1.8-4.7 1.8L12 16.5l-1.8-4.7L5.5 10l4.7-1.8z M18.5 15.5l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8z",
  video: "M3.5 6.5h12v11h-12z M15.5 10.5l5-3v9l-5-3z",
  cart: "M3.5 4.5h2.5l2 11h10l2-7.5H7 M9.5 19.5a.5.5 0 1 0 .01 0 M17 19.5a.5.5 0 1 0 .01 0",
  briefcase: "M4 8h16v11H4z M9 8V5.5h6V8 M4 13h16",
  users:
    "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6 M16 4.5a3.5 3.5 0 0 1 0 6.5 M18 14.5c1.8.9 3 2.9 3 5.5",
  target:
    "M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17z M12 7.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z M12 11.2a.8.8 0 1 0 0 1.6.8.8 0 0 0 0-1.6z",
  layers: "M12 3.5 21 8l-9 4.5L3 8z M3 12l9 4.5 9-4.5 M3 16l9 4.5 9-4.5",
  wand: "M4 20 15 9 M13 7l2-2 2 2-2 2z M18 3.5v2 M20.5 6h-2 M19.5 11v2 M20.5 12h-2 M9 4v2 M10 5H8",
  settings:
    "M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z M12 2.5v3 M12 18.5v3 M2.5 12h3 M18.5 12h3 M5.3 5.3l2.1 2.1 M16.6 16.6l2.1 2.1 M5.3 18.7l2.1-2.1 M16.6 7.4l2.1-2.1",
  send: "M21 3.5 3.5 10.5l7 2.5 2.5 7z M10.5 13 21 3.5",
  repeat: "M4 11V9a3 3 0 0 1 3-3h12l-3-3 M20 13v2a3 3 0 0 1-3 3H5l3 3 M19 6l-3 3",
  save: "M5 4h11l3 3v13H5z M8 4v5h7V4 M8 14h8v6H8z",
  rocket:
    "M14.5 4.5c3-1 5-1 5-1s0 2-1 5l-6 6-4-4z M8.5 10.5H5L3.5 13l4 .5 M13.5 15.5V19L11 20.5l-.5-4 M6 18c-1.5.5-2 2-2 2s1.5-.5 2-2z",
  frame: "M4 4h5 M4 4v5 M20 4h-5 M20 4v5 M4 20h5 M4 20v-5 M20 20h-5 M20 20v-5 M9 9h6v6H9z",
  palette:
    "M12 3.5a8.5 8.5 0 1 0 0 17c1.2 0 1.8-.9 1.3-2-.6-1.2.2-2.5 1.5-2.5H17a3.5 3.5 0 0 0 3.5-3.5c0-5-3.8-9-8.5-9z M7.5 11.5a.8.8 0 1 0 0 .01 M10 7.5a.8.8 0 1 0 0 .01 M14.5 7.5a.8.8 0 1 0 0 .01",
  star: "M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9 6.8 19.6l1-5.8L3.5 9.7l5.9-.9z",
  support: "M4.5 13v-1.5a7.5 7.5 0 0 1 15 0V13 M4.5 13h3v5h-3z M16.5 13h3v5h-3z M19.5 18c0 1.5-1.5 2.5-4.5 2.5",
  flask: "M9.5 3.5h5 M10.5 3.5v6L5 19a1 1 0 0 0 .9 1.5h12.2A1 1 0 0 0 19 19l-5.5-9.5v-6 M7.5 15h9",
  mail: "M4 6h16v12H4z M4 7l8 6 8-6",
  article: "M6 3h9l3 3v15H6z M9 9h6 M9 13h6 M9 17h4",
  camera: "M4 8h3l2-3h6l2 3h3v11H4z M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
  sheet: "M4 4h16v16H4z M4 9.5h16 M4 15h16 M10 4v16",
  captions: "M3 5h18v14H3z M7 13h4 M13 13h4 M7 16h10",
  chart: "M4 20V4 M4 20h16 M8 16v-5 M12 16V8 M16 16v-3",
  wallet: "M4 7h15v12H4z M4 7l11-3v3 M15 13h2",
  link: "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7L12 6.3 M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1",
  download: "M12 4v11 M7 10l5 5 5-5 M5 20h14",
  hook: "M12 3v10a4 4 0 1 1-8 0 M12 3l-3 3 M12 3l3 3",
  play: "M7 4v16l13-8z",
  external: "M14 4h6v6 M20 4l-9 9 M18 14v6H4V6h6",
  key: "M15 3a6 6 0 1 0 0 12 6 6 0 0 0 0-12ZM10.8 13.2 3 21M6 18l2 2M8 16l2 2M16.5 7.5h.01",
  info: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 11v5M12 7.5v.01",
  trophy: "M8 4h8v5a4 4 0 0 1-8 0V4ZM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M9 17h6",
  spark: "M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2 2-6Z",
  coins:
    "M9 4c3.3 0 6 1.1 6 2.5S12.3 9 9 9 3 7.9 3 6.5 5.7 4 9 4ZM3 6.5v4C3 11.9 5.7 13 9 13s6-1.1 6-2.5M3 10.5v4C3 15.9 5.7 17 9 17c1 0 2-.1 2.8-.3M15 12c3.3 0 6 1.1 6 2.5S18.3 17 15 17s-6-1.1-6-2.5S11.7 12 15 12ZM9 14.5v3c0 1.4 2.7 2.5 6 2.5s6-1.1 6-2.5v-3",
  film: "M4 4h16v16H4V4ZM8 4v16M16 4v16M4 8h4M4 12h4M4 16h4M16 8h4M16 12h4M16 16h4",
  cloud: "M7 18h10a4 4 0 0 0 .6-8A6 6 0 0 0 6 9.5 4.3 4.3 0 0 0 7 18ZM12 11v5M9.5 13.5 12 11l2.5 2.5",
  code: "m9 8-4 4 4 4M15 8l4 4-4 4M13 5l-2 14",
  files: "M8 3h7l4 4v10a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2ZM15 3v4h4M4 7v12a2 2 0 0 0 2 2h9",
  images: "M4 5h16v14H4V5ZM4 15l4-4 4 4 3-3 5 5M15 9a1 1 0 1 0 0 .01",
  pen: "M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4ZM13.5 6.5l4 4",
  heart: "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z",
} as const;

export type IconName = keyof typeof PATHS;

export function LineIcon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** Cards from a locale list, each with the icon at its index (`fallback` when the list is longer). */
export function withIcons<T extends object>(items: T[], icons: readonly IconName[], fallback: IconName = "sparkles") {
  return items.map((item, index) => ({ ...item, icon: <LineIcon name={icons[index] ?? fallback} /> }));
}
