/**
 * Carries out an `Arrival` (see scroll-memory.ts) on a page whose content may come later: a
 * lesson loads its text lazily and its widgets after that, so the section to scroll to, the
 * height a remembered position needs, or the page's heading may not be there yet. It waits for
 * them on the page's own changes (no fixed delays), then holds the place it reached while widgets
 * above it still replace their placeholders (the browser's scroll anchoring does not always keep
 * it), gives up after a bound, and stops as soon as the learner scrolls or types. The page is reached through injected functions (`browserPage`
 * in the app, a fake in tests).
 */
import type { Arrival } from './scroll-memory';

/** How long, at most, an arrival waits for its element, heading or height, in milliseconds. */
export const ARRIVAL_GIVE_UP_MS = 15_000;

/** Timer functions, injectable so tests decide when time passes. */
export interface ArrivalTimers {
  setTimeout(run: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The page an arrival acts on; `E` is its element type. */
export interface ArrivalPage<E> {
  /** Scrolls the window to `topPx` CSS pixels from the top, at once (never smoothly). */
  scrollTo(topPx: number): void;
  /** How far down the page can scroll now, in CSS pixels. */
  maxScrollTopPx(): number;
  /** The element with this id, or null. */
  findById(id: string): E | null;
  /** The page's main heading (its h1), or null while the page is still loading. */
  findHeading(): E | null;
  /** Scrolls an element to the top of the window, below the sticky header. */
  scrollToElement(element: E): void;
  /** Focuses an element without scrolling, making it focusable by script first if need be. */
  focus(element: E): void;
  /** Whether the page has stopped loading (no page or widget placeholder left in it). */
  settled(): boolean;
  /** Calls `onChange` whenever the page's content or size changes; returns the stop function. */
  watchLayout(onChange: () => void): () => void;
  /** Calls `onIntent` when the learner scrolls, touches, clicks or types; returns the stop function. */
  watchLearner(onIntent: () => void): () => void;
  timers: ArrivalTimers;
}

/** How an arrival ended: done, given up after the bound, or stopped (the learner took over, or a newer one). */
export type ArrivalOutcome = 'done' | 'gave-up' | 'stopped';

/**
 * Starts an arrival and returns the function that stops it. `onEnd` is called once, when it
 * ends by itself or is stopped.
 */
export function startArrival<E>(
  arrival: Arrival,
  page: ArrivalPage<E>,
  onEnd: (outcome: ArrivalOutcome) => void = () => undefined,
  giveUpMs: number = ARRIVAL_GIVE_UP_MS,
): () => void {
  let ended = false;
  const cleanups: (() => void)[] = [];
  const end = (outcome: ArrivalOutcome) => {
    if (ended) return;
    ended = true;
    for (const stop of cleanups.splice(0)) stop();
    onEnd(outcome);
  };

  // Each step runs `ready` now and after each change until it returns true (it has acted) or
  // time is up; a step with `hold` then runs it after each change until the page has settled.
  interface Step {
    ready(): boolean;
    hold?: () => void;
    giveUp(): void;
    reached?: boolean;
  }
  const steps: Step[] = [];
  const poll = () => {
    if (ended) return;
    for (let i = steps.length - 1; i >= 0; i--) {
      const step = steps[i]!;
      if (step.reached) step.hold?.();
      else if (step.ready()) step.reached = true;
      else continue;
      if (!step.hold || page.settled()) steps.splice(i, 1);
    }
    if (steps.length === 0) end('done');
  };

  const focusHeading = () => {
    steps.push({
      ready: () => {
        const heading = page.findHeading();
        if (heading) page.focus(heading);
        return heading !== null;
      },
      giveUp: () => undefined,
    });
  };

  switch (arrival.kind) {
    case 'stay':
      end('done');
      return () => undefined;
    case 'top':
      page.scrollTo(0);
      if (arrival.focusHeading) focusHeading();
      break;
    case 'restore': {
      const { topPx } = arrival;
      steps.push({
        ready: () => {
          if (page.maxScrollTopPx() < topPx) return false;
          page.scrollTo(topPx);
          return true;
        },
        // The position was left with the widgets in place: it is right again once they are.
        hold: () => page.scrollTo(topPx),
        // The page never grew so tall (it changed since): as far down as it goes.
        giveUp: () => page.scrollTo(Math.min(topPx, page.maxScrollTopPx())),
      });
      if (arrival.focusHeading) focusHeading();
      break;
    }
    case 'target': {
      const { id, focus } = arrival;
      let element: E | null = null;
      steps.push({
        ready: () => {
          element = page.findById(id);
          if (!element) return false;
          page.scrollToElement(element);
          if (focus) page.focus(element);
          return true;
        },
        hold: () => {
          if (element) page.scrollToElement(element);
        },
        // No such element on this page: its top, and its heading for a screen reader.
        giveUp: () => {
          page.scrollTo(0);
          const heading = page.findHeading();
          if (focus && heading) page.focus(heading);
        },
      });
      break;
    }
  }

  poll();
  if (ended) return () => end('stopped');
  cleanups.push(page.watchLayout(poll));
  cleanups.push(page.watchLearner(() => end('stopped')));
  const timer = page.timers.setTimeout(() => {
    for (const step of steps.splice(0)) if (!step.reached) step.giveUp();
    end('gave-up');
  }, giveUpMs);
  cleanups.push(() => page.timers.clearTimeout(timer));
  return () => end('stopped');
}
