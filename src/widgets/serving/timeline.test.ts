import { describe, expect, it } from 'vitest';
import type { RequestTrace, StepRecord } from '../../engine/models';
import { clampStep, firstStepOf, phaseAt, phaseSpans, stepRecordText } from './timeline';

const request: RequestTrace = {
  id: 0,
  arrivalSeconds: 0,
  admittedSeconds: 0.5,
  firstTokenSeconds: 0.75,
  finishSeconds: 2,
};

/** A step record with the fields a test names. */
const record = (fields: Partial<StepRecord>): StepRecord => ({
  startSeconds: 0,
  stepSeconds: 0.02,
  steps: 1,
  decodeRequests: 0,
  prefillTokens: 0,
  prefillRequests: 0,
  pagesInUse: 0,
  ...fields,
});

describe('a request’s phases', () => {
  it('waits, prefills, decodes and leaves', () => {
    expect(phaseSpans(request)).toEqual([
      { phase: 'waiting', start: 0, end: 0.5 },
      { phase: 'prefill', start: 0.5, end: 0.75 },
      { phase: 'decode', start: 0.75, end: 2 },
    ]);
    expect(phaseSpans({ ...request, admittedSeconds: 0 }).map((s) => s.phase)).toEqual([
      'prefill',
      'decode',
    ]);
    expect([-1, 0.2, 0.6, 1, 2].map((t) => phaseAt(request, t))).toEqual([
      null,
      'waiting',
      'prefill',
      'decode',
      null,
    ]);
  });
});

describe('the scrubber’s step', () => {
  it('clamps to the records there are', () => {
    expect(clampStep(5, 3)).toBe(2);
    expect(clampStep(-1, 3)).toBe(0);
    expect(clampStep(4, 0)).toBe(0);
  });

  it('says a step record in words: steps, time, decode requests, prefill tokens, pages', () => {
    const steps = [
      record({ prefillTokens: 8192, prefillRequests: 8, pagesInUse: 256 }),
      record({
        startSeconds: 0.4,
        stepSeconds: 0.0125,
        steps: 40,
        decodeRequests: 32,
        pagesInUse: 1024,
      }),
      record({
        startSeconds: 0.9,
        decodeRequests: 1,
        prefillTokens: 1,
        prefillRequests: 1,
        pagesInUse: 1,
      }),
    ];
    expect(firstStepOf(steps, 2)).toBe(41);
    expect(stepRecordText(steps, 0, 5000)).toBe(
      'Step 1, record 1 of 3: at 0 s, 20 ms per step; 0 requests decoding, 8,192 prompt tokens of 8 requests in prefill; 256 of 5,000 cache pages in use.',
    );
    expect(stepRecordText(steps, 1, 5000)).toBe(
      'Steps 2–41 (40 alike, decode only), record 2 of 3: at 400 ms, 12.5 ms per step; 32 requests decoding, no prefill; 1,024 of 5,000 cache pages in use.',
    );
    expect(stepRecordText(steps, 2, 1)).toBe(
      'Step 42, record 3 of 3: at 900 ms, 20 ms per step; 1 request decoding, 1 prompt token of 1 request in prefill; 1 of 1 cache page in use.',
    );
    expect(stepRecordText([], 0, 10)).toBe('No scheduler steps to show.');
  });
});
