/** Small line icons for content cards (24×24, stroke follows `currentColor`); decorative only. */
const PATHS = {
  wand: "M4 20 14 10M15 4v2M15 12v2M11 8h2M17 8h2M18.5 4.5l-1.4 1.4M12.9 10.1l-1.4 1.4",
  layers: "m12 3 9 5-9 5-9-5 9-5ZM3 13l9 5 9-5M3 17.5l9 5 9-5",
  chat: "M5 5h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-7l-5 4v-4H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2ZM8 10h8M8 13h5",
  target: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10ZM12 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z",
  globe: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z",
  key: "M15 3a6 6 0 1 0 0 12 6 6 0 0 0 0-12ZM10.8 13.2 3 21M6 18l2 2M8 16l2 2M16.5 7.5h.01",
  bolt: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  info: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 11v5M12 7.5v.01",
  shield: "M12 3 5 6v5c0 4.5 3 8.4 7 10 4-1.6 7-5.5 7-10V6l-7-3ZM9 12l2 2 4-4",
  trophy: "M8 4h8v5a4 4 0 0 1-8 0V4ZM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M9 17h6",
  spark: "M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2 2-6Z",
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 7v5l3 2",
  coins: "M9 4c3.3 0 6 1.1 6 2.5S12.3 9 9 9 3 7.9 3 6.5 5.7 4 9 4ZM3 6.5v4C3 11.9 5.7 13 9 13s6-1.1 6-2.5M3 10.5v4C3 15.9 5.7 17 9 17c1 0 2-.1 2.8-.3M15 12c3.3 0 6 1.1 6 2.5S18.3 17 15 17s-6-1.1-6-2.5S11.7 12 15 12ZM9 14.5v3c0 1.4 2.7 2.5 6 2.5s6-1.1 6-2.5v-3",
  film: "M4 4h16v16H4V4ZM8 4v16M16 4v16M4 8h4M4 12h4M4 16h4M16 8h4M16 12h4M16 16h4",
  cloud: "M7 18h10a4 4 0 0 0 .6-8A6 6 0 0 0 6 9.5 4.3 4.3 0 0 0 7 18ZM12 11v5M9.5 13.5 12 11l2.5 2.5",
  code: "m9 8-4 4 4 4M15 8l4 4-4 4M13 5l-2 14",
  files: "M8 3h7l4 4v10a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2ZM15 3v4h4M4 7v12a2 2 0 0 0 2 2h9",
  images: "M4 5h16v14H4V5ZM4 15l4-4 4 4 3-3 5 5M15 9a1 1 0 1 0 0 .01",
  users: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM2 21v-1a6 6 0 0 1 12 0v1M16 3.5a4 4 0 0 1 0 7.5M18 14.5a6 6 0 0 1 4 5.5v1",
  cart: "M3 4h2l2.4 11h11l2-8H6.2M9 20a1 1 0 1 0 0 .01M18 20a1 1 0 1 0 0 .01",
  star: "m12 3 2.8 5.8 6.2.9-4.5 4.4 1.1 6.2L12 17.4l-5.6 2.9 1.1-6.2L3 9.7l6.2-.9L12 3Z",
  video: "M4 6h11a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1ZM16 10l5-3v10l-5-3",
  pen: "M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4ZM13.5 6.5l4 4",
  heart: "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z",
  rocket: "M5 15c-1.5 1.3-2 4-2 6 2 0 4.7-.5 6-2M9 15l-3-3c1-4.5 5-9 13-9 0 8-4.5 12-9 13l-1-1ZM15 9a1 1 0 1 0 0 .01",
  play: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM10 8.5v7l6-3.5-6-3.5Z",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
