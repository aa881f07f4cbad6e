// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { TEXT_PAINT_ID, whenElementPainted, type PaintEnv } from './text-paint';

/** A browser whose timers, frames and Element Timing reports are driven by hand. */
function fakeEnv(elementTiming: boolean) {
  const timers = new Map<number, { run: () => void; delayMs: number }>();
  const frames: FrameRequestCallback[] = [];
  let next = 1;
  let report: ((ids: string[]) => void) | null = null;
  let disconnected = false;
  class FakeObserver {
    static supportedEntryTypes = elementTiming ? ['element', 'paint'] : ['paint'];
    constructor(callback: (list: { getEntries(): { identifier: string }[] }) => void) {
      report = (ids) => callback({ getEntries: () => ids.map((identifier) => ({ identifier })) });
    }
    observe() {}
    disconnect() {
      disconnected = true;
    }
  }
  const env: PaintEnv = {
    PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver,
    requestAnimationFrame: (run) => frames.push(run),
    setTimeout: (run, delayMs) => {
      timers.set(next, { run, delayMs });
      return next++;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const runTimers = (maxDelayMs: number) => {
    for (const [id, t] of [...timers]) {
      if (t.delayMs <= maxDelayMs) {
        timers.delete(id);
        t.run();
      }
    }
  };
  return {
    env,
    frames,
    runTimers,
    report: (ids: string[]) => report?.(ids),
    disconnected: () => disconnected,
    pendingTimers: () => timers.size,
  };
}

async function settledAfter(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('whenElementPainted', () => {
  it('marks the element and resolves when Element Timing reports its paint, not before', async () => {
    const fake = fakeEnv(true);
    const heading = document.createElement('h2');
    const painted = whenElementPainted(heading, fake.env, 2000);
    expect(heading.getAttribute('elementtiming')).toBe(TEXT_PAINT_ID);
    fake.report(['something-else']);
    expect(await settledAfter(painted)).toBe(false);
    fake.report([TEXT_PAINT_ID]);
    expect(await settledAfter(painted)).toBe(true);
    expect(fake.disconnected()).toBe(true);
    expect(fake.pendingTimers()).toBe(0);
  });

  it('gives up waiting after the time limit (a hidden tab never paints)', async () => {
    const fake = fakeEnv(true);
    const painted = whenElementPainted(document.createElement('p'), fake.env, 2000);
    fake.runTimers(1999);
    expect(await settledAfter(painted)).toBe(false);
    fake.runTimers(2000);
    expect(await settledAfter(painted)).toBe(true);
  });

  it('without Element Timing, waits for the next frame to paint', async () => {
    const fake = fakeEnv(false);
    const element = document.createElement('p');
    const painted = whenElementPainted(element, fake.env, 2000);
    expect(element.hasAttribute('elementtiming')).toBe(false);
    fake.runTimers(0);
    expect(await settledAfter(painted)).toBe(false); // the frame has not come yet
    fake.frames.splice(0).forEach((run) => run(0));
    fake.runTimers(0);
    expect(await settledAfter(painted)).toBe(true);
  });
});
