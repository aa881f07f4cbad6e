import { createStore, useStore, type StoreApi } from 'zustand';
import { progressStore, type KeyValueStorage, type ProgressState } from './progress';
import {
  parseSavedReview,
  recordReviewAnswer,
  serializeReview,
  type ReviewData,
} from './review-schedule';

/** localStorage key of the saved review schedule. */
export const REVIEW_KEY = 'gpu-lab:review';
/** Prefix of keys under which an unreadable saved schedule is kept instead of being deleted. */
export const REVIEW_SET_ASIDE_PREFIX = 'gpu-lab:review:set-aside:';

/** The review schedule plus the actions that change it. */
export interface ReviewState extends ReviewData {
  /** A message about a saved schedule that was set aside on load; null when none. */
  notice: string | null;
  /** Puts an answer on the schedule; `answeredAt` defaults to the store's clock. */
  record(id: string, correct: boolean, answeredAt?: Date): void;
  /** Replaces the whole schedule (an import or a restore). */
  replace(data: ReviewData): void;
  dismissNotice(): void;
}

function safeStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

/**
 * Creates a review store backed by a key-value storage, with an injected clock. Loads once,
 * sets an unreadable schedule aside under a timestamped key (never deletes it), and saves after
 * every change.
 */
export function createReviewStore(
  storage: KeyValueStorage | null = safeStorage(),
  now: () => Date = () => new Date(),
) {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(REVIEW_KEY) ?? null;
  } catch {
    raw = null;
  }
  const loaded = parseSavedReview(raw);
  if (loaded.setAside !== null && storage) {
    try {
      storage.setItem(REVIEW_SET_ASIDE_PREFIX + now().toISOString(), loaded.setAside);
    } catch {
      // storage full: the original text is still under REVIEW_KEY until the next save
    }
  }
  const store = createStore<ReviewState>()((set, get) => ({
    ...loaded.data,
    notice: loaded.notice,
    record(id, correct, answeredAt = now()) {
      const before: ReviewData = { items: get().items };
      const after = recordReviewAnswer(before, id, correct, answeredAt);
      if (after !== before) set({ items: after.items });
    },
    replace(data) {
      set({ items: { ...data.items } });
    },
    dismissNotice() {
      set({ notice: null });
    },
  }));
  store.subscribe((s, prev) => {
    if (s.items === prev.items) return;
    try {
      storage?.setItem(REVIEW_KEY, serializeReview({ items: s.items }));
    } catch {
      // quota exceeded or storage disabled: the schedule lives for this session only
    }
  });
  return store;
}

/** A store created by createReviewStore. */
export type ReviewStore = ReturnType<typeof createReviewStore>;

/**
 * Feeds every new answer saved in a progress store (one whose answer time changed) into the
 * review schedule, at the time the answer was given. Returns the unsubscribe function.
 */
export function connectReviewToProgress(
  progress: StoreApi<Pick<ProgressState, 'answers'>>,
  review: ReviewStore,
): () => void {
  return progress.subscribe((s, prev) => {
    if (s.answers === prev.answers) return;
    for (const [id, answer] of Object.entries(s.answers)) {
      if (prev.answers[id]?.answeredAt === answer.answeredAt) continue;
      const at = new Date(answer.answeredAt);
      review.getState().record(id, answer.correct, Number.isNaN(at.getTime()) ? undefined : at);
    }
  });
}

/** The app's one review store, fed by the app's progress store. */
export const reviewStore = createReviewStore();
connectReviewToProgress(progressStore, reviewStore);

/** React hook reading a slice of the review store. */
export function useReview<T>(selector: (s: ReviewState) => T): T {
  return useStore(reviewStore, selector);
}
