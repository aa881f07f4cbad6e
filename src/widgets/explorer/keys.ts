/** Keyboard control of the explorer's drawing: which key does what, as pure functions. */

/** What a key press on the drawing asks for. */
export type KeyCommand =
  | { type: 'move'; dx: number; dy: number }
  | { type: 'first' }
  | { type: 'last' }
  | { type: 'zoom-in' }
  | { type: 'zoom-out' }
  | { type: 'play-pause' }
  | { type: 'step' }
  | { type: 'reset' };

/** The keys, for the hint under the drawing. */
export const KEY_HELP =
  'Arrow keys choose an SM, Enter or + zooms in, Escape or − zooms out, Space plays or pauses, S steps one wave, R resets.';

/** The command a key stands for, or null for keys the drawing leaves alone. */
export function commandForKey(key: string): KeyCommand | null {
  switch (key) {
    case 'ArrowLeft':
      return { type: 'move', dx: -1, dy: 0 };
    case 'ArrowRight':
      return { type: 'move', dx: 1, dy: 0 };
    case 'ArrowUp':
      return { type: 'move', dx: 0, dy: -1 };
    case 'ArrowDown':
      return { type: 'move', dx: 0, dy: 1 };
    case 'Home':
      return { type: 'first' };
    case 'End':
      return { type: 'last' };
    case 'Enter':
    case '+':
    case '=':
      return { type: 'zoom-in' };
    case 'Escape':
    case '-':
      return { type: 'zoom-out' };
    case ' ':
      return { type: 'play-pause' };
    case 's':
    case 'S':
      return { type: 'step' };
    case 'r':
    case 'R':
      return { type: 'reset' };
    default:
      return null;
  }
}

/** The SM selected after moving `dx` columns and `dy` rows in a grid of `columns`, clamped. */
export function moveSelection(
  sm: number,
  dx: number,
  dy: number,
  columns: number,
  sms: number,
): number {
  const next = sm + dx + dy * Math.max(1, columns);
  if (next < 0 || next >= sms) return Math.min(Math.max(sm + dx, 0), sms - 1);
  return next;
}
