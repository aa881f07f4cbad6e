/**
 * Command history for the console input, as a terminal keeps it: ArrowUp walks back through
 * earlier lines, ArrowDown forward again and finally back to the line being typed (the draft).
 */

/** History entries (oldest first), where the cursor is, and the unfinished line. */
export interface HistoryState {
  entries: readonly string[];
  /** Index into entries while browsing; null when editing the draft. */
  index: number | null;
  draft: string;
}

/** Most lines kept. */
export const MAX_HISTORY = 100;

/** An empty history. */
export const EMPTY_HISTORY: HistoryState = { entries: [], index: null, draft: '' };

/** Adds a submitted line (skipping blanks and repeats of the last one) and stops browsing. */
export function pushHistory(state: HistoryState, line: string): HistoryState {
  const trimmed = line.trim();
  const last = state.entries.at(-1);
  const entries =
    trimmed === '' || trimmed === last
      ? state.entries
      : [...state.entries, trimmed].slice(-MAX_HISTORY);
  return { entries, index: null, draft: '' };
}

/** One step back; `current` is the input's text, kept as the draft when browsing starts. */
export function historyUp(
  state: HistoryState,
  current: string,
): { state: HistoryState; text: string } {
  if (state.entries.length === 0) return { state, text: current };
  const index = state.index === null ? state.entries.length - 1 : Math.max(0, state.index - 1);
  const draft = state.index === null ? current : state.draft;
  return { state: { ...state, index, draft }, text: state.entries[index] ?? current };
}

/** One step forward; past the newest entry, the draft comes back. */
export function historyDown(
  state: HistoryState,
  current: string,
): { state: HistoryState; text: string } {
  if (state.index === null) return { state, text: current };
  const index = state.index + 1;
  if (index >= state.entries.length) return { state: { ...state, index: null }, text: state.draft };
  return { state: { ...state, index }, text: state.entries[index] ?? current };
}
