import { useId } from "react";

/** The brand mark: an original spark inside a rounded tile. */
export function Logo({ className }: { className?: string }) {
  // The header and the footer both draw it: each copy needs its own gradient id.
  const gradient = useId();
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path d="M17.5 5 9 18h6l-1.5 9L23 13.5h-6.2z" fill="#fff" />
    </svg>
  );
}
