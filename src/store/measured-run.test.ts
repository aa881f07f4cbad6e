import { describe, expect, it, vi } from 'vitest';
import {
  AbortableRun,
  asSentence,
  errorText,
  measurementFailed,
  type RunEnds,
} from './measured-run';

/** Ends that record what they heard. */
function recordingEnds() {
  const heard: string[] = [];
  const ends: RunEnds = {
    cancelled: () => heard.push('cancelled'),
    failed: (message) => heard.push(`failed: ${message}`),
  };
  return { heard, ends };
}

/** A promise to settle by hand. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Work that throws `error`. */
function throwing(error: unknown) {
  return async (): Promise<void> => {
    throw error;
  };
}

/** Work that waits until `gate` opens or its signal aborts, then throws the abort reason. */
function abortable(gate: Promise<void>) {
  return async (signal: AbortSignal, seen: AbortSignal[] = []): Promise<void> => {
    seen.push(signal);
    await Promise.race([
      gate,
      new Promise<void>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
      ),
    ]);
  };
}

describe('AbortableRun', () => {
  it('runs work with a fresh signal, active until it ends, and says nothing on success', async () => {
    const run = new AbortableRun();
    const { heard, ends } = recordingEnds();
    const signals: AbortSignal[] = [];
    const gate = deferred();
    const started = run.start(async (signal) => {
      signals.push(signal);
      await gate.promise;
    }, ends);
    expect(run.active).toBe(true);
    expect(run.isCurrent(signals[0]!)).toBe(true);
    gate.resolve();
    await started;
    expect(run.active).toBe(false);
    expect(run.isCurrent(signals[0]!)).toBe(false);
    await run.start(async (signal) => void signals.push(signal), ends);
    expect(signals[1]).not.toBe(signals[0]);
    expect(heard).toEqual([]);
  });

  it('tells a cancel, aborted with an AbortError, from a failure, with the error text', async () => {
    const run = new AbortableRun();
    const { heard, ends } = recordingEnds();
    const signals: AbortSignal[] = [];
    const wait = abortable(new Promise(() => {}));
    const cancelled = run.start((signal) => wait(signal, signals), ends);
    run.cancel();
    await cancelled;
    expect(signals[0]?.reason).toMatchObject({ name: 'AbortError' });
    await run.start(throwing(new Error('the shader did not compile')), ends);
    await run.start(throwing('a string'), ends);
    expect(heard).toEqual(['cancelled', 'failed: the shader did not compile', 'failed: a string']);
  });

  it('stops silently: neither a stopped run nor one replaced by a newer run is heard', async () => {
    const run = new AbortableRun();
    const { heard, ends } = recordingEnds();
    const stopped = run.start(abortable(new Promise(() => {})), ends);
    run.stop();
    await stopped;
    expect(run.active).toBe(false);
    const first = run.start(abortable(new Promise(() => {})), ends);
    const gate = deferred();
    const second = run.start(abortable(gate.promise), ends);
    await first;
    expect(run.active).toBe(true);
    gate.resolve();
    await second;
    expect(heard).toEqual([]);
  });

  it('does nothing on cancel or stop when no run is under way', () => {
    const run = new AbortableRun();
    expect(() => {
      run.cancel();
      run.stop();
    }).not.toThrow();
  });

  it('lets a throwing end reject the run, and frees the slot', async () => {
    const run = new AbortableRun();
    const failed = vi.fn(() => {
      throw new Error('end broke');
    });
    await expect(
      run.start(throwing(new Error('x')), { cancelled: () => {}, failed }),
    ).rejects.toThrow('end broke');
    expect(run.active).toBe(false);
  });
});

describe('the standard texts', () => {
  it('say what failed, as a sentence where asked', () => {
    expect(errorText(new Error('device lost'))).toBe('device lost');
    expect(errorText(new TypeError(''))).toBe('TypeError');
    expect(errorText(42)).toBe('42');
    expect(measurementFailed('device lost')).toBe('The measurement failed: device lost');
    expect(asSentence(' out of memory ')).toBe('out of memory.');
    expect(asSentence('Lost!')).toBe('Lost!');
  });
});
