import { describe, expect, it } from 'vitest';
import {
  cumulativeLayoutShift,
  isLessonChunk,
  percentile,
  shiftsAfter,
  splitFirstLoad,
  totalBytes,
  verdict,
  type ScriptLoad,
} from './page-metrics';

const load = (url: string, startTimeMs: number, responseEndMs: number, encodedBytes = 10) =>
  ({ url, startTimeMs, responseEndMs, encodedBytes }) satisfies ScriptLoad;

describe('isLessonChunk', () => {
  it('matches the lesson file chunk only', () => {
    expect(isLessonChunk('http://x/assets/01-why-gpus-Ab_1.js', 'why-gpus')).toBe(true);
    expect(isLessonChunk('http://x/assets/01-why-gpus-Ab_1.js?v=1', 'why-gpus')).toBe(true);
    expect(isLessonChunk('http://x/assets/02-inside-a-gpu-X.js', 'why-gpus')).toBe(false);
    expect(isLessonChunk('http://x/assets/RaceWidget-X.js', 'why-gpus')).toBe(false);
    expect(isLessonChunk('http://x/assets/01-why-gpus-X.css', 'why-gpus')).toBe(false);
  });
});

describe('splitFirstLoad', () => {
  const scripts = [
    load('/assets/index-A.js', 5, 40, 100),
    load('/assets/jsx-runtime-B.js', 6, 30, 5),
    load('/assets/01-why-gpus-C.js', 50, 80, 20),
    load('/assets/katex-dep-D.js', 51, 70, 3),
    load('/assets/RaceWidget-E.js', 95, 120, 9),
  ];
  it('counts what was requested until the lesson chunk arrived, not the widgets', () => {
    const split = splitFirstLoad(scripts, 'why-gpus');
    expect(split?.firstLoad.map((s) => s.url)).toEqual([
      '/assets/index-A.js',
      '/assets/jsx-runtime-B.js',
      '/assets/01-why-gpus-C.js',
      '/assets/katex-dep-D.js',
    ]);
    expect(split?.later.map((s) => s.url)).toEqual(['/assets/RaceWidget-E.js']);
    expect(totalBytes(split?.firstLoad ?? [])).toBe(128);
  });
  it('is null when the lesson chunk never loaded', () => {
    expect(splitFirstLoad(scripts, 'measuring')).toBeNull();
    expect(splitFirstLoad([], 'why-gpus')).toBeNull();
  });
});

describe('cumulativeLayoutShift', () => {
  it('is the largest session window, not the sum of everything', () => {
    const shifts = [
      { startTimeMs: 0, value: 0.01, hadRecentInput: false },
      { startTimeMs: 500, value: 0.02, hadRecentInput: false },
      // 2 s later: a new window
      { startTimeMs: 2500, value: 0.025, hadRecentInput: false },
    ];
    expect(cumulativeLayoutShift(shifts)).toBeCloseTo(0.03);
  });
  it('closes a window after 5 s even without gaps, and ignores shifts after input', () => {
    const steady = Array.from({ length: 12 }, (_, i) => ({
      startTimeMs: i * 900,
      value: 0.01,
      hadRecentInput: false,
    }));
    expect(cumulativeLayoutShift(steady)).toBeCloseTo(0.06);
    expect(cumulativeLayoutShift([{ startTimeMs: 0, value: 0.5, hadRecentInput: true }])).toBe(0);
    expect(cumulativeLayoutShift([])).toBe(0);
  });
});

describe('shiftsAfter', () => {
  it('keeps only what moved after the given moment', () => {
    const shifts = [
      { startTimeMs: 100, value: 0.2, hadRecentInput: false },
      { startTimeMs: 300, value: 0.01, hadRecentInput: false },
    ];
    expect(shiftsAfter(shifts, 100)).toEqual([shifts[1]]);
    expect(cumulativeLayoutShift(shiftsAfter(shifts, 100))).toBeCloseTo(0.01);
  });
});

describe('percentile and verdict', () => {
  it('takes the nearest rank', () => {
    const gaps = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(gaps, 0.95)).toBe(95);
    expect(percentile([16, 17, 50], 0.95)).toBe(50);
    expect(percentile([], 0.95)).toBe(0);
  });
  it('passes at the budget and is over above it', () => {
    expect(verdict(16.7, 16.7)).toBe('PASS');
    expect(verdict(16.8, 16.7)).toBe('OVER');
    // Within the clock's resolution of the budget, a measurement cannot tell it was over.
    expect(verdict(16.8, 16.7, 0.1)).toBe('PASS');
    expect(verdict(16.9, 16.7, 0.1)).toBe('OVER');
  });
});
