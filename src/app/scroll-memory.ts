/**
 * Where a page lands when the route changes, without the DOM: each history entry gets a key in
 * `history.state`, the scroll position the learner leaves an entry at is kept under that key
 * (in sessionStorage, so a reload keeps it too), and `planArrival` decides what a navigation
 * does: go back to a remembered position, scroll to the section the route names, go to the top,
 * or stay (only the query changed: a widget's settings). The browser glue is in
 * `useScrollOnNavigate.ts`, the waiting and scrolling in `arrival.ts`.
 *
 * Widgets rewrite the URL with `history.replaceState(history.state, …)`: that keeps the entry's
 * key and fires no `hashchange`, so a settings change is never a navigation here.
 */

/** The field of `history.state` that holds the entry's key. */
export const ENTRY_KEY_FIELD = 'gpuLabEntry';
/** sessionStorage key of the remembered positions. */
export const SCROLL_STORAGE_KEY = 'gpu-lab:scroll-positions';
/** How many entries' positions are kept (the oldest go first). */
export const MAX_REMEMBERED_ENTRIES = 60;

/** The part of `window.history` the memory uses. */
export interface HistoryLike {
  readonly state: unknown;
  replaceState(data: unknown, unused: string): void;
}

/** The part of `sessionStorage` the memory uses. */
export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** What the memory reads and writes, injected (the browser's own in the app, fakes in tests). */
export interface ScrollMemoryDeps {
  history: HistoryLike;
  /** Null where storage is unavailable: positions then last as long as the page. */
  storage: SessionStorageLike | null;
  /** A key no other entry of this tab has. */
  newKey(): string;
}

/** Scroll positions by history entry. */
export interface ScrollMemory {
  /**
   * Makes the current history entry the one positions are recorded for, giving it a key when
   * it has none (a new entry). Returns the position remembered for it, in CSS pixels from the
   * top, or null for an entry not seen before.
   */
  enter(): { key: string; savedTopPx: number | null };
  /** Remembers the current entry's scroll position, in CSS pixels from the top. */
  record(topPx: number): void;
  /** Writes the remembered positions to storage. */
  save(): void;
}

/** The entry key kept in a `history.state` value, or null when it holds none. */
export function entryKeyOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const key = (state as Record<string, unknown>)[ENTRY_KEY_FIELD];
  return typeof key === 'string' && key !== '' ? key : null;
}

/** `state` with the entry key added, keeping any other fields an object state had. */
export function withEntryKey(state: unknown, key: string): Record<string, unknown> {
  const base = typeof state === 'object' && state !== null ? state : {};
  return { ...(base as Record<string, unknown>), [ENTRY_KEY_FIELD]: key };
}

/** Reads saved positions, dropping anything that is not a key with a finite, non-negative number. */
export function parsePositions(raw: string | null): Map<string, number> {
  const positions = new Map<string, number>();
  if (raw === null) return positions;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return positions;
  }
  if (!Array.isArray(data)) return positions;
  for (const item of data) {
    if (!Array.isArray(item) || item.length !== 2) continue;
    const [key, top] = item as unknown[];
    if (typeof key === 'string' && typeof top === 'number' && Number.isFinite(top) && top >= 0) {
      positions.set(key, top);
    }
  }
  return positions;
}

/** A counter-and-time key: unique within a tab's session, short in `history.state`. */
export function defaultEntryKeys(nowMs: () => number = Date.now): () => string {
  let n = 0;
  return () => `${nowMs().toString(36)}-${(n++).toString(36)}`;
}

/** A scroll memory over the given history and storage. */
export function createScrollMemory({ history, storage, newKey }: ScrollMemoryDeps): ScrollMemory {
  let saved: string | null = null;
  try {
    saved = storage?.getItem(SCROLL_STORAGE_KEY) ?? null;
  } catch {
    saved = null;
  }
  const positions = parsePositions(saved);
  let current: string | null = null;

  return {
    enter() {
      let key = entryKeyOf(history.state);
      if (key === null) {
        key = newKey();
        history.replaceState(withEntryKey(history.state, key), '');
      }
      current = key;
      return { key, savedTopPx: positions.get(key) ?? null };
    },
    record(topPx) {
      if (current === null || !Number.isFinite(topPx)) return;
      // Re-inserted, so the map's order is the order of use and the oldest go first.
      positions.delete(current);
      positions.set(current, Math.max(0, Math.round(topPx)));
      while (positions.size > MAX_REMEMBERED_ENTRIES) {
        const oldest = positions.keys().next().value;
        if (oldest === undefined) break;
        positions.delete(oldest);
      }
    },
    save() {
      try {
        storage?.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...positions]));
      } catch {
        // storage full or disabled: positions last as long as the page
      }
    },
  };
}

/** What a page does when it is reached. */
export type Arrival =
  /** Back or forward to an entry seen before (or a reload): the position it was left at. */
  | { kind: 'restore'; topPx: number; focusHeading: boolean }
  /** The element the route names (a section, a widget, a glossary entry). */
  | { kind: 'target'; id: string; focus: boolean }
  /** The top of a new page, its main heading focused. */
  | { kind: 'top'; focusHeading: boolean }
  /** Nothing: the same page and place (only the query changed), or a fresh load at the top. */
  | { kind: 'stay' };

/** What `planArrival` knows about a navigation. */
export interface ArrivalFacts {
  /** The page's first route (a load or reload), not a navigation inside the app. */
  first: boolean;
  /** The page (route without section and query) is the one shown before. */
  samePage: boolean;
  /** The element id the new route names, or null. */
  targetId: string | null;
  /** The element id the route before named, or null. */
  previousTargetId: string | null;
  /** The position remembered for the entry, or null for a new entry. */
  savedTopPx: number | null;
}

/**
 * Where a page lands. An entry seen before goes back to its position (Back, Forward, reload).
 * A new entry that names an element scrolls to it. A new page goes to the top. A new entry on
 * the same page goes to the top only when it leaves a named element for the page itself; when
 * only the query changed it stays. Focus moves (to the element, or to the page's main heading,
 * so a screen reader announces where the learner is) only on a navigation inside the app, never
 * on a load, and never for a move inside the same page that lands on no element.
 */
export function planArrival(facts: ArrivalFacts): Arrival {
  const { first, samePage, targetId, previousTargetId, savedTopPx } = facts;
  const moved = !first && !samePage;
  if (savedTopPx !== null) return { kind: 'restore', topPx: savedTopPx, focusHeading: moved };
  if (targetId !== null) return { kind: 'target', id: targetId, focus: !first };
  if (first) return { kind: 'stay' };
  if (!samePage) return { kind: 'top', focusHeading: true };
  return previousTargetId !== null ? { kind: 'top', focusHeading: false } : { kind: 'stay' };
}
