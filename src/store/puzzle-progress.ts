/**
 * Which WGSL puzzles (and, under `triton:<id>`, Triton puzzles) the learner has solved, kept in this browser beside their progress and
 * carried in progress files (an optional `puzzles` part, like the machine). Ids are checked by
 * shape only (the store sits below the puzzles themselves); a mark for a puzzle that no longer
 * exists is kept and simply not shown. Saved text that cannot be read is set aside under a
 * timestamped key, never deleted.
 */
import { createStore, useStore, type StoreApi } from 'zustand';

/** localStorage key of the solved marks. */
export const PUZZLES_KEY = 'gpu-lab:puzzles';
/** Prefix of the keys holding saved marks that could not be read. */
export const PUZZLES_SET_ASIDE_PREFIX = 'gpu-lab:puzzles:set-aside:';
/** Version of the saved shape. */
export const PUZZLES_SCHEMA_VERSION = 1;
/** Most solved marks read (far more than there are puzzles). */
export const MAX_PUZZLE_MARKS = 500;

/** The saved envelope (also the `puzzles` part of a progress file). */
export interface SavedPuzzles {
  version: number;
  /** Puzzle id → when it was first solved, ISO 8601. */
  solved: Record<string, string>;
}

/** The solved marks, and what changes them. */
export interface PuzzleProgressState {
  solved: Record<string, string>;
  /** A message about saved marks that were set aside on load; null when none. */
  notice: string | null;
  /** Marks a puzzle solved (the first time is kept). */
  markSolved(id: string): void;
  /** Replaces every mark (an import). */
  replace(solved: Record<string, string>): void;
  dismissNotice(): void;
}

/** The outcome of reading saved marks. */
export type SavedPuzzlesResult =
  { ok: true; solved: Record<string, string> } | { ok: false; message: string };

/** A WGSL puzzle's id, or a Triton puzzle's behind `triton:` (`triton:vector-add`). */
const ID = /^(?:triton:)?[a-z0-9-]{1,60}$/;

/** The key of a Triton puzzle's solved mark, kept beside the WGSL puzzles' marks. */
export function tritonMarkId(id: string): string {
  return `triton:${id}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks saved marks (already parsed from JSON): the envelope, each id and each time. */
export function readSavedPuzzles(value: unknown): SavedPuzzlesResult {
  if (!isRecord(value) || value.version !== PUZZLES_SCHEMA_VERSION) {
    const version = isRecord(value) ? JSON.stringify(value.version ?? null) : 'none';
    return {
      ok: false,
      message: `the solved puzzles have an unknown version (${version}; this GPU Lab reads ${PUZZLES_SCHEMA_VERSION})`,
    };
  }
  if (!isRecord(value.solved)) return { ok: false, message: '"solved" is not an object' };
  const entries = Object.entries(value.solved);
  if (entries.length > MAX_PUZZLE_MARKS) {
    return { ok: false, message: `more than ${MAX_PUZZLE_MARKS} solved puzzles` };
  }
  const solved: Record<string, string> = {};
  for (const [id, at] of entries) {
    if (!ID.test(id))
      return { ok: false, message: `${JSON.stringify(id.slice(0, 60))} is not a puzzle id` };
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) {
      return { ok: false, message: `puzzle "${id}" has no readable time` };
    }
    solved[id] = at.slice(0, 40);
  }
  return { ok: true, solved };
}

/** The saved form of some marks. */
export function savedPuzzlesOf(solved: Record<string, string>): SavedPuzzles {
  return { version: PUZZLES_SCHEMA_VERSION, solved: { ...solved } };
}

/** The minimal storage the store needs (localStorage satisfies it). */
export type PuzzleStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function safeStorage(): PuzzleStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

/** Reads the saved marks; unreadable text is set aside with a notice. */
function load(storage: PuzzleStorage | null, now: () => Date) {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(PUZZLES_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw === null) return { solved: {}, notice: null };
  let problem: string;
  try {
    const read = readSavedPuzzles(JSON.parse(raw));
    if (read.ok) return { solved: read.solved, notice: null };
    problem = read.message;
  } catch {
    problem = 'they are not valid JSON';
  }
  try {
    storage?.setItem(PUZZLES_SET_ASIDE_PREFIX + now().toISOString(), raw);
    storage?.removeItem(PUZZLES_KEY);
  } catch {
    // storage full: the original stays under its key; the notice still says what happened
  }
  return {
    solved: {},
    notice: `Your solved puzzles could not be read (${problem}), so they were set aside and the puzzles start unsolved.`,
  };
}

/** Creates the store on a storage: loads the saved marks and saves every change. */
export function createPuzzleProgressStore(
  storage: PuzzleStorage | null = safeStorage(),
  now: () => Date = () => new Date(),
): StoreApi<PuzzleProgressState> {
  const store = createStore<PuzzleProgressState>()((set, get) => ({
    ...load(storage, now),
    markSolved(id) {
      if (get().solved[id]) return;
      set({ solved: { ...get().solved, [id]: now().toISOString() } });
    },
    replace(solved) {
      set({ solved: { ...solved } });
    },
    dismissNotice() {
      set({ notice: null });
    },
  }));
  store.subscribe((state, previous) => {
    if (state.solved === previous.solved) return;
    try {
      storage?.setItem(PUZZLES_KEY, JSON.stringify(savedPuzzlesOf(state.solved)));
    } catch {
      // quota exceeded or storage disabled: the marks live for this page only
    }
  });
  return store;
}

/** The page's one store of solved puzzles. */
export const puzzleProgressStore = createPuzzleProgressStore();

/** React hook reading a slice of the solved puzzles. */
export function usePuzzleProgress<T>(selector: (s: PuzzleProgressState) => T): T {
  return useStore(puzzleProgressStore, selector);
}
