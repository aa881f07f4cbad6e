import { describe, expect, it } from 'vitest';
import { engineProfileModel } from './browser-deps';
import type { ProfileRequest } from './engine-port';
import { RESNET_TRAIN } from './testing/requests';

/** The optimizer's work for a request, by the real engine. */
function work(patch: Partial<ProfileRequest>) {
  const { optimizer, prediction } = engineProfileModel.profile({ ...RESNET_TRAIN, ...patch });
  if (!optimizer) throw new Error('no optimizer at inference');
  return { optimizer, prediction };
}

describe('optimizerWork', () => {
  it('moves fewer bytes and launches fewer kernels fused than in the default foreach form', () => {
    const foreach = work({ fusedOptimizer: false }).optimizer;
    const fused = work({ fusedOptimizer: true }).optimizer;
    expect(fused.bytes).toBeLessThan(foreach.bytes);
    expect(fused.kernels).toBeLessThan(foreach.kernels);
    expect(fused.seconds).toBeLessThan(foreach.seconds);
    // AdamW's foreach ops read and write 80 bytes per parameter, fused 28.
    expect(foreach.bytes / fused.bytes).toBeCloseTo(80 / 28, 9);
  });

  it('counts the same bytes as the engine: what is left of its time is the same gap per kernel', () => {
    // The engine times the update as bytes at the achievable bandwidth plus a gap per kernel; if
    // the bytes here drifted from the engine's, the gap left per kernel would differ by form.
    const gaps: number[] = [];
    for (const optimizer of ['sgd', 'adamw'] as const) {
      for (const fusedOptimizer of [false, true]) {
        for (const precision of ['amp-bf16', 'amp-fp16'] as const) {
          const { optimizer: w } = work({ optimizer, fusedOptimizer, precision });
          gaps.push((w.seconds - w.memorySeconds) / w.kernels);
        }
      }
    }
    expect(gaps[0]).toBeGreaterThan(0);
    for (const gap of gaps) expect(gap).toBeCloseTo(gaps[0]!, 12);
  });

  it('counts every launch of the step that is not a layer’s as the optimizer’s', () => {
    const { optimizer, prediction } = work({});
    const layers = prediction.step.layers.reduce(
      (s, l) => s + l.forward.kernels + (l.backward?.kernels ?? 0),
      0,
    );
    expect(optimizer.kernels).toBeCloseTo(prediction.step.kernels - layers, 9);
  });
});
