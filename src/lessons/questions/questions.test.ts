import { describe, expect, it, vi } from 'vitest';
import { codeLines, bugProblems, gradeLine } from './bug';
import { summarizeCheck, teachesHref, type CheckItem } from './check-page';
import {
  EXPERIMENT_IDS,
  isExperimentId,
  isMeasuredExperiment,
  runMeasuredExperiment,
  runModeledExperiment,
} from './experiments';
import { gradeSelection, readSelection, selectionKey } from './multiple';
import { formatInUnit, gradeTypedAnswer, readTypedAnswer, withinTolerance } from './numeric';
import { computeNumericAnswer } from './numeric-answer';
import { gradeOrder, moveStep, readSavedOrder, scrambledOrder } from './order';

describe('numeric answers', () => {
  it('reads a number with or without a unit, converting to the question’s unit', () => {
    expect(readTypedAnswer('43', 'ms')).toEqual({ ok: true, value: 43 });
    expect(readTypedAnswer(' 43 ms ', 'ms')).toEqual({ ok: true, value: 43 });
    const s = readTypedAnswer('0.043 s', 'ms');
    expect(s.ok && s.value).toBeCloseTo(43, 9);
    const us = readTypedAnswer('43000µs', 'ms');
    expect(us.ok && us.value).toBeCloseTo(43, 9);
    expect(readTypedAnswer('1,024 MiB', 'GiB')).toEqual({ ok: true, value: 1 });
    expect(readTypedAnswer('2 seconds', 'ms')).toEqual({ ok: true, value: 2000 });
    expect(readTypedAnswer('1e-3 S', 'ms')).toEqual({ ok: true, value: 1 });
  });

  it('explains input it cannot read instead of grading it', () => {
    expect(readTypedAnswer('', 'ms')).toEqual({ ok: false, message: 'Type a number first.' });
    const words = readTypedAnswer('about forty', 'ms');
    expect(!words.ok && words.message).toMatch(/does not start with a number/);
    const unknown = readTypedAnswer('43 parsecs', 'ms');
    expect(!unknown.ok && unknown.message).toMatch(/"parsecs" is not a unit/);
    const family = readTypedAnswer('43 GB', 'ms');
    expect(!family.ok && family.message).toMatch(
      /"GB" measures a size, but this question asks for a time/,
    );
    expect(gradeTypedAnswer('fast', 'ms', 43, 0.1).ok).toBe(false);
  });

  it('accepts answers up to the tolerance edge and refuses beyond it', () => {
    expect(withinTolerance(110, 100, 0.1)).toBe(true);
    expect(withinTolerance(90, 100, 0.1)).toBe(true);
    expect(withinTolerance(110.01, 100, 0.1)).toBe(false);
    expect(withinTolerance(89.99, 100, 0.1)).toBe(false);
    expect(gradeTypedAnswer('0.0473 s', 'ms', 43, 0.1)).toMatchObject({ ok: true, correct: true });
    expect(gradeTypedAnswer('48 ms', 'ms', 43, 0.1)).toMatchObject({ ok: true, correct: false });
  });

  it('computes the worked answer with the engine, and refuses a unit of the wrong kind', () => {
    const scenario = { op: 'h2d', link: 'pcie4', bytes: 2 ** 30, pinned: true };
    const answer = computeNumericAnswer(scenario, 'seconds', 'ms');
    expect(answer.value).toBeGreaterThan(30);
    expect(answer.value).toBeLessThan(60);
    expect(answer.text).toBe(formatInUnit(answer.value, 'ms'));
    expect(() => computeNumericAnswer(scenario, 'seconds', 'GB')).toThrow(/measures a size/);
    expect(() => computeNumericAnswer(scenario, 'speed', 'ms')).toThrow(/field= must be one of/);
    expect(() => computeNumericAnswer([scenario], 'seconds', 'ms')).toThrow(/one scenario object/);
  });
});

describe('order questions', () => {
  it('moves a step up and down, clamped at the ends', () => {
    expect(moveStep([0, 1, 2], 2, -1)).toEqual([0, 2, 1]);
    expect(moveStep([0, 1, 2], 0, 1)).toEqual([1, 0, 2]);
    expect(moveStep([0, 1, 2], 0, -1)).toEqual([0, 1, 2]);
    expect(moveStep([0, 1, 2], 2, 1)).toEqual([0, 1, 2]);
  });

  it('grades an order and never starts from the solved one', () => {
    expect(gradeOrder([0, 1, 2])).toEqual({ inPlace: 3, correct: true });
    expect(gradeOrder([1, 0, 2])).toEqual({ inPlace: 1, correct: false });
    const sorted = () => [0, 1, 2];
    expect(scrambledOrder(3, sorted)).toEqual([2, 1, 0]);
    expect(scrambledOrder(3, (n) => (n === 0 ? [0, 1, 2] : [1, 2, 0]))).toEqual([1, 2, 0]);
  });

  it('reads a saved order back only when it is a permutation of the steps', () => {
    expect(readSavedOrder('2 0 1', 3)).toEqual([2, 0, 1]);
    expect(readSavedOrder('2 0', 3)).toBeUndefined();
    expect(readSavedOrder('0 0 1', 3)).toBeUndefined();
  });
});

describe('find-the-bug questions', () => {
  it('trims blank edge lines and checks the buggy line is in range', () => {
    expect(codeLines('\na = 1\n\nb = 2\n  \n')).toEqual(['a = 1', '', 'b = 2']);
    expect(bugProblems('a\nb', 2)).toEqual([]);
    expect(bugProblems('a\nb', 3)).toEqual(['line= must be a line number from 1 to 2']);
    expect(bugProblems('a', 1)[0]).toMatch(/at least two lines/);
    expect(gradeLine(2, 2)).toBe(true);
    expect(gradeLine(1, 2)).toBe(false);
  });
});

describe('select all that apply', () => {
  it('is right only with exactly the correct set, counting misses and wrong ticks', () => {
    expect(gradeSelection(['a', 'b'], ['b', 'a'])).toEqual({ correct: true, missed: 0, wrong: 0 });
    expect(gradeSelection(['a'], ['a', 'b'])).toEqual({ correct: false, missed: 1, wrong: 0 });
    expect(gradeSelection(['a', 'b', 'c'], ['a', 'b'])).toEqual({
      correct: false,
      missed: 0,
      wrong: 1,
    });
    expect(readSelection(selectionKey(['c2', 'c1', 'c2']))).toEqual(['c1', 'c2']);
  });
});

describe('the knowledge check summary', () => {
  const items: CheckItem[] = ['a', 'b', 'c', 'd'].map((id) => ({
    id,
    question: id,
    explanation: '',
    teaches: 'gpu-memory/the-caching-allocator',
  }));
  const at = 't';
  it('scores answers, counts a reopened question as missed until it is answered again', () => {
    const s = summarizeCheck(items, {
      a: { choice: 'x', correct: true, answeredAt: at },
      b: { choice: 'x', correct: false, answeredAt: at },
      c: { choice: 'x', correct: true, answeredAt: at, reopened: true },
    });
    expect(s).toMatchObject({ total: 4, answered: 3, correct: 1, firstTry: 2 });
    // A miss answered right on a retry is right now, but not on the first try.
    const retried = summarizeCheck(items, {
      b: { choice: 'y', correct: true, answeredAt: at, attempts: 2, firstCorrect: false },
    });
    expect(retried).toMatchObject({ answered: 1, correct: 1, firstTry: 0 });
    expect(s.missed.map((m) => m.id)).toEqual(['b', 'c']);
    expect(teachesHref('gpu-memory/the-caching-allocator')).toBe(
      '#/lesson/gpu-memory/the-caching-allocator',
    );
  });
});

const measured = vi.hoisted(() => ({
  runReluGpuVsCpu: vi.fn(async () => ({
    a: { label: 'your GPU', seconds: 1 },
    b: { label: 'your CPU', seconds: 3 },
    ratioBOverA: 3,
    source: 'a stand-in for the measured run',
  })),
}));
vi.mock('../../experiments/relu-gpu-vs-cpu', () => measured);

describe('experiments', () => {
  it('declares each experiment by id and runs it through the engine', () => {
    expect(isExperimentId('pinned-vs-pageable')).toBe(true);
    expect(isExperimentId('nope')).toBe(false);
    expect(EXPERIMENT_IDS).toContain('relu-gpu-vs-cpu');
    for (const id of EXPERIMENT_IDS) {
      if (isMeasuredExperiment(id)) continue;
      const r = runModeledExperiment(id);
      expect(r.a.seconds).toBeGreaterThan(0);
      expect(r.ratioBOverA).toBeCloseTo(r.b.seconds / r.a.seconds, 9);
    }
    expect(runModeledExperiment('pinned-vs-pageable').ratioBOverA).toBeGreaterThan(1.5);
  });

  it('runs a measured experiment from src/experiments, loaded only when it runs', async () => {
    const signal = new AbortController().signal;
    await expect(runMeasuredExperiment('relu-gpu-vs-cpu', signal)).resolves.toMatchObject({
      source: 'a stand-in for the measured run',
    });
    expect(measured.runReluGpuVsCpu).toHaveBeenCalledWith(signal);
  });
});
