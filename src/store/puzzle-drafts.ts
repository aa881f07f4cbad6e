/**
 * The learner's code for each puzzle, kept in this browser as they type, so a reload or a visit
 * to another puzzle loses nothing. Code equal to the starter is not kept (its key is removed);
 * a draft too long to be a kernel is not kept either. Storage that is full or turned off only
 * means the draft lives for this page.
 */

/** Prefix of the keys drafts are kept under (`gpu-lab:puzzle-draft:<puzzle id>`). */
export const PUZZLE_DRAFT_PREFIX = 'gpu-lab:puzzle-draft:';
/** Longest draft kept, in characters: far beyond any puzzle's kernel. */
export const MAX_DRAFT_CHARS = 50_000;

/** The storage drafts need (localStorage satisfies it). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): DraftStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The kept draft of a puzzle, or null when there is none (or it cannot be read). */
export function loadDraft(
  id: string,
  storage: DraftStorage | null = browserStorage(),
): string | null {
  try {
    const text = storage?.getItem(PUZZLE_DRAFT_PREFIX + id) ?? null;
    return text !== null && text.length <= MAX_DRAFT_CHARS ? text : null;
  } catch {
    return null;
  }
}

/** Keeps `code` as the puzzle's draft, or forgets the draft when the code is the starter. */
export function saveDraft(
  id: string,
  code: string,
  starter: string,
  storage: DraftStorage | null = browserStorage(),
): void {
  try {
    if (code === starter || code.length > MAX_DRAFT_CHARS)
      storage?.removeItem(PUZZLE_DRAFT_PREFIX + id);
    else storage?.setItem(PUZZLE_DRAFT_PREFIX + id, code);
  } catch {
    // quota exceeded or storage disabled: the draft lives for this page only
  }
}
