import { createStore, useStore } from 'zustand';
import {
  emptyProgress,
  parseSavedProgress,
  serializeProgress,
  type ProgressData,
} from './progress-schema';
import { recordAnswer, withAnswerShown } from './answer-record';
import { newLearnerSeed } from './progress-seed';

/** localStorage key of the saved progress. */
export const PROGRESS_KEY = 'gpu-lab:progress';
/** Prefix of keys under which unreadable saved progress is kept instead of being deleted. */
export const SET_ASIDE_PREFIX = 'gpu-lab:progress:set-aside:';

/** The minimal storage the store needs (localStorage satisfies it). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Progress state plus the actions that change it. */
export interface ProgressState extends ProgressData {
  /** A message about saved data that was set aside on load; null when none. */
  notice: string | null;
  markVisited(slug: string): void;
  setCompleted(slug: string, completed: boolean): void;
  /**
   * Saves an answer: `choice` is the chosen choice's key (see quick-check-model.ts). Given the
   * day the right answer was shown, it is recorded as revealed, not correct (answer-record.ts).
   */
  answerQuickCheck(id: string, choice: string, correct: boolean): void;
  /** Notes that the learner asked to see the right answer of an answered question. */
  showAnswer(id: string): void;
  /**
   * Reopens answered questions so they can be answered again; the saved answer is kept (it
   * still counts as given) until the new one replaces it. Ids without an answer are ignored.
   */
  reopenAnswers(ids: readonly string[]): void;
  /** The learner's seed for ordering quick-check choices, created and saved on first use. */
  ensureSeed(): string;
  dismissNotice(): void;
  /** Forgets all progress (the learner asked to). */
  reset(): void;
}

function safeStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

/**
 * Creates a progress store backed by a key-value storage. Loads once, sets unreadable data
 * aside under a timestamped key (never deletes it), saves data migrated from an older version
 * at once, and saves after every change. `newSeed` makes the learner's quick-check seed.
 */
export function createProgressStore(
  storage: KeyValueStorage | null = safeStorage(),
  now = () => new Date(),
  newSeed: () => string = newLearnerSeed,
) {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(PROGRESS_KEY) ?? null;
  } catch {
    raw = null;
  }
  const loaded = parseSavedProgress(raw);
  let keptAside = true;
  if (loaded.setAside !== null && storage) {
    try {
      storage.setItem(SET_ASIDE_PREFIX + now().toISOString(), loaded.setAside);
    } catch {
      // storage full: keep going with the notice; the original text is still under PROGRESS_KEY
      keptAside = false;
    }
  }
  const save = (data: ProgressData) => {
    try {
      storage?.setItem(PROGRESS_KEY, serializeProgress(data));
    } catch {
      // quota exceeded or storage disabled: progress lives for this session only
    }
  };
  // A migrated record is written back in the current format, so the migration (and its
  // notice) happens once; never over an original that could not be set aside.
  if (loaded.migrated && keptAside) save(loaded.data);
  const store = createStore<ProgressState>()((set, get) => ({
    ...loaded.data,
    notice: loaded.notice,
    markVisited(slug) {
      if (get().visited[slug]) return;
      set((s) => ({ visited: { ...s.visited, [slug]: now().toISOString() } }));
    },
    setCompleted(slug, completed) {
      set((s) => {
        const next = { ...s.completed };
        if (completed) next[slug] = now().toISOString();
        else delete next[slug];
        return { completed: next };
      });
    },
    answerQuickCheck(id, choice, correct) {
      set((s) => ({
        answers: { ...s.answers, [id]: recordAnswer(s.answers[id], choice, correct, now()) },
      }));
    },
    showAnswer(id) {
      const saved = get().answers[id];
      if (!saved) return;
      set((s) => ({ answers: { ...s.answers, [id]: withAnswerShown(saved, now()) } }));
    },
    reopenAnswers(ids) {
      set((s) => {
        const answers = { ...s.answers };
        for (const id of ids) {
          const saved = answers[id];
          if (saved) answers[id] = { ...saved, reopened: true };
        }
        return { answers };
      });
    },
    ensureSeed() {
      const existing = get().seed;
      if (existing !== null) return existing;
      const seed = newSeed();
      set({ seed });
      return seed;
    },
    dismissNotice() {
      set({ notice: null });
    },
    reset() {
      set({ ...emptyProgress() });
    },
  }));
  store.subscribe((s) =>
    save({ visited: s.visited, completed: s.completed, answers: s.answers, seed: s.seed }),
  );
  return store;
}

/** The app's one progress store. */
export const progressStore = createProgressStore();

/** React hook reading a slice of the progress store. */
export function useProgress<T>(selector: (s: ProgressState) => T): T {
  return useStore(progressStore, selector);
}
