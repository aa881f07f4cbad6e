import { describe, it, expect } from 'vitest';
import { CALIBRATION_CASES, relativeError } from '.';
import { MORE_NETWORK_CASES, NETWORK_CALIBRATION_CASES, WHOLE_NETWORK_CASES } from './networks';

/**
 * The "Whole networks and collectives" rows of shared/design/hardware-figures.md, as (case id,
 * measured value) pairs: the test checks the cases carry these numbers and land within 15 %.
 */
const FROM_HARDWARE_FIGURES: ReadonlyArray<[id: string, measured: number, what: string]> = [
  ['resnet50-a100-amp-train', (256 / 2470) * 1e3, 'ResNet-50 AMP, A100, batch 256: 2,470 img/s'],
  ['bert-large-a100-amp-train', (256 / 580) * 1e3, 'BERT-large seq 128 AMP, A100: 580 seq/s'],
  ['llama2-7b-a100-decode', 1e3 / 104.9, 'Llama 2 7B decode, A100: 104.9 tokens/s'],
  ['a100-nvswitch-allreduce-8gib', 64.07, '8 GiB all-reduce, 8x A100 NVSwitch: 64.07 ms'],
  ['amp-adam-bytes-per-param', 16, 'mixed-precision Adam: 16 bytes per parameter'],
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

describe('whole-network calibration', () => {
  for (const [id, measured, what] of FROM_HARDWARE_FIGURES) {
    it(`predicts ${id} within 15 % (${what})`, () => {
      const found = CALIBRATION_CASES.find((c) => c.id === id);
      expect(found, id).toBeDefined();
      expect(found!.measured).toBeCloseTo(measured, 9);
      const predicted = found!.predict();
      expect(Number.isFinite(predicted)).toBe(true);
      expect(Math.abs(predicted - measured) / measured).toBeLessThanOrEqual(0.15);
    });
  }

  it('lands within 8 % at the median over those rows', () => {
    const errors = FROM_HARDWARE_FIGURES.map(([id]) =>
      relativeError(CALIBRATION_CASES.find((c) => c.id === id)!),
    );
    expect(median(errors)).toBeLessThanOrEqual(0.08);
  });

  it('keeps every other published run within its tolerance, and the median within 8 %', () => {
    for (const c of MORE_NETWORK_CASES)
      expect(relativeError(c), c.id).toBeLessThanOrEqual(c.tolerance);
    const heldOut = NETWORK_CALIBRATION_CASES.filter((c) => !c.usedForFitting);
    expect(heldOut.length).toBeGreaterThanOrEqual(8);
    expect(median(heldOut.map(relativeError))).toBeLessThanOrEqual(0.08);
  });

  it('lists each network case once, in the engine-wide table', () => {
    const ids = NETWORK_CALIBRATION_CASES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of [...WHOLE_NETWORK_CASES, ...MORE_NETWORK_CASES]) {
      expect(CALIBRATION_CASES).toContain(c);
    }
  });
});
