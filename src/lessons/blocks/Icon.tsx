import './blocks.css';

/** Names of the small decorative icons the lesson blocks use. */
export type IconName = 'check' | 'cross' | 'warning' | 'info';

const PATHS: Record<IconName, string> = {
  check: 'M4 10.5l4 4 8-9',
  cross: 'M5 5l10 10M15 5L5 15',
  warning: 'M10 2.5l8 15H2zM10 8v4.5M10 14.5v.5',
  info: 'M10 2.5a7.5 7.5 0 1 0 0 15a7.5 7.5 0 1 0 0-15zM10 9v5M10 6v.5',
};

/** A decorative 20x20 line icon, hidden from assistive technology (the text beside it speaks). */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="block-icon"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
