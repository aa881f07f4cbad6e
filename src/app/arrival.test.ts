import { describe, expect, it } from 'vitest';
import { startArrival, type ArrivalOutcome, type ArrivalPage } from './arrival';

/** A page without a DOM: elements by id, a height, timers and the learner under the test's control. */
function fakePage() {
  const elements = new Map<string, string>();
  const timers: { run: () => void; delayMs: number; live: boolean }[] = [];
  let onLayout: (() => void) | null = null;
  let onLearner: (() => void) | null = null;
  const log: string[] = [];
  const state = { heading: null as string | null, maxTopPx: 0, settled: true };
  const page: ArrivalPage<string> = {
    scrollTo: (topPx) => void log.push(`scroll ${topPx}`),
    maxScrollTopPx: () => state.maxTopPx,
    findById: (id) => elements.get(id) ?? null,
    findHeading: () => state.heading,
    settled: () => state.settled,
    scrollToElement: (el) => void log.push(`scroll to ${el}`),
    focus: (el) => void log.push(`focus ${el}`),
    watchLayout(onChange) {
      onLayout = onChange;
      return () => (onLayout = null);
    },
    watchLearner(onIntent) {
      onLearner = onIntent;
      return () => (onLearner = null);
    },
    timers: {
      setTimeout(run, delayMs) {
        const timer = { run, delayMs, live: true };
        timers.push(timer);
        return timer;
      },
      clearTimeout(handle) {
        (handle as { live: boolean }).live = false;
      },
    },
  };
  return {
    page,
    log,
    state,
    elements,
    /** The page changed (content came, or its size). */
    change: () => onLayout?.(),
    learnerActs: () => onLearner?.(),
    /** Whether anything is still watching the page. */
    watching: () => onLayout !== null || onLearner !== null,
    /** Lets the give-up time pass. */
    timeUp: () => timers.filter((t) => t.live).forEach((t) => t.run()),
  };
}

function start(arrival: Parameters<typeof startArrival>[0], fake: ReturnType<typeof fakePage>) {
  const outcomes: ArrivalOutcome[] = [];
  const stop = startArrival(arrival, fake.page, (o) => outcomes.push(o), 1000);
  return { outcomes, stop };
}

describe('startArrival', () => {
  it('goes to the top and focuses the heading once the page has one', () => {
    const fake = fakePage();
    const { outcomes } = start({ kind: 'top', focusHeading: true }, fake);
    expect(fake.log).toEqual(['scroll 0']);
    expect(outcomes).toEqual([]);
    fake.change(); // still loading: no heading yet
    fake.state.heading = 'h1';
    fake.change();
    expect(fake.log).toEqual(['scroll 0', 'focus h1']);
    expect(outcomes).toEqual(['done']);
    expect(fake.watching()).toBe(false);
  });

  it('restores a position only once the page is tall enough for it', () => {
    const fake = fakePage();
    fake.state.heading = 'h1';
    const { outcomes } = start({ kind: 'restore', topPx: 5000, focusHeading: true }, fake);
    // The heading is there at once; the lesson's text is not.
    expect(fake.log).toEqual(['focus h1']);
    fake.state.maxTopPx = 800;
    fake.change();
    expect(fake.log).toEqual(['focus h1']);
    fake.state.maxTopPx = 9000;
    fake.change();
    expect(fake.log).toEqual(['focus h1', 'scroll 5000']);
    expect(outcomes).toEqual(['done']);
  });

  it('scrolls to a section once it is rendered, and focuses it', () => {
    const fake = fakePage();
    const { outcomes } = start({ kind: 'target', id: 'recap', focus: true }, fake);
    expect(fake.log).toEqual([]);
    fake.elements.set('recap', 'h2#recap');
    fake.change();
    expect(fake.log).toEqual(['scroll to h2#recap', 'focus h2#recap']);
    expect(outcomes).toEqual(['done']);
  });

  it('holds the section or position it reached while widgets above still load, then lets go', () => {
    const fake = fakePage();
    fake.state.settled = false; // placeholders still on the page
    fake.elements.set('recap', 'h2#recap');
    const target = start({ kind: 'target', id: 'recap', focus: false }, fake);
    expect(fake.log).toEqual(['scroll to h2#recap']);
    fake.change(); // a widget above arrived, taller than its placeholder
    expect(fake.log).toEqual(['scroll to h2#recap', 'scroll to h2#recap']);
    expect(target.outcomes).toEqual([]);
    fake.state.settled = true;
    fake.change();
    expect(target.outcomes).toEqual(['done']);
    expect(fake.log).toHaveLength(3);
    fake.change();
    expect(fake.log).toHaveLength(3);

    const back = fakePage();
    back.state.settled = false;
    back.state.maxTopPx = 9000;
    const restore = start({ kind: 'restore', topPx: 5000, focusHeading: false }, back);
    back.change();
    // Time up while holding: it stays where it is (no give-up scroll).
    back.timeUp();
    expect(back.log).toEqual(['scroll 5000', 'scroll 5000']);
    expect(restore.outcomes).toEqual(['gave-up']);
  });

  it('acts at once when everything is already there, without watching the page', () => {
    const fake = fakePage();
    fake.elements.set('term-warp', 'entry');
    const { outcomes } = start({ kind: 'target', id: 'term-warp', focus: false }, fake);
    expect(fake.log).toEqual(['scroll to entry']);
    expect(outcomes).toEqual(['done']);
    expect(fake.watching()).toBe(false);
    expect(start({ kind: 'stay' }, fake).outcomes).toEqual(['done']);
  });

  it('stops when the learner scrolls or types, and scrolls nothing after that', () => {
    const fake = fakePage();
    const { outcomes } = start({ kind: 'restore', topPx: 5000, focusHeading: false }, fake);
    fake.learnerActs();
    expect(outcomes).toEqual(['stopped']);
    fake.state.maxTopPx = 9000;
    fake.change();
    fake.timeUp();
    expect(fake.log).toEqual([]);
    expect(fake.watching()).toBe(false);
  });

  it('gives up after the bound: as far down as the page goes, or the top for a missing section', () => {
    const tall = fakePage();
    tall.state.maxTopPx = 3000;
    const restore = start({ kind: 'restore', topPx: 5000, focusHeading: false }, tall);
    tall.timeUp();
    expect(tall.log).toEqual(['scroll 3000']);
    expect(restore.outcomes).toEqual(['gave-up']);

    const missing = fakePage();
    missing.state.heading = 'h1';
    const target = start({ kind: 'target', id: 'no-such-section', focus: true }, missing);
    missing.timeUp();
    expect(missing.log).toEqual(['scroll 0', 'focus h1']);
    expect(target.outcomes).toEqual(['gave-up']);
    expect(missing.watching()).toBe(false);
  });

  it('is stopped by the function it returns (a newer navigation)', () => {
    const fake = fakePage();
    const { outcomes, stop } = start({ kind: 'target', id: 'recap', focus: true }, fake);
    stop();
    stop();
    expect(outcomes).toEqual(['stopped']);
    fake.elements.set('recap', 'h2');
    fake.change();
    expect(fake.log).toEqual([]);
  });
});
