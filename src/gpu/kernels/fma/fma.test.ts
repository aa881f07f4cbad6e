import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { predictKernel } from '../../../engine/models';
import {
  FMA_DRIFT_PER_TRIP,
  FMA_FLOPS_PER_TRIP,
  fmaCpu,
  fmaCpuLiteral,
  fmaParams,
  fmaPlan,
} from './fma';

describe('FMA kernel', () => {
  it('agrees with a literal step-by-step run in f32', () => {
    for (const trips of [0, 1, 2, 7, 64]) {
      expect(fmaCpu(70, trips)).toEqual(fmaCpuLiteral(70, trips));
    }
  });

  it('moves every lane by a quarter per trip, so the result counts the trips', () => {
    // With the scale the host passes (-1) a step is x -> o - x; four steps give
    // x + (o4 - o3) + (o2 - o1), whatever x was.
    const params = fmaParams(1, 1);
    const [scale] = new Float32Array(params, 8, 1);
    const [o1, o2, o3, o4] = [...new Float32Array(params, 16, 4)];
    expect(scale).toBe(-1);
    expect(FMA_DRIFT_PER_TRIP).toBe(o4! - o3! + (o2! - o1!));
    // Eight chains summed: 4 trips move the result by 8 x 4 x 0.25.
    expect(fmaCpu(1, 4)[0]! - fmaCpu(1, 0)[0]!).toBe(8 * 4 * 0.25);
  });

  it('counts 256 FLOPs per trip and writes one vec4 per thread', () => {
    // The shader's loop body: one vec4 fma (4 lanes, 2 FLOPs each) per chain and step.
    const wgsl = readFileSync(fileURLToPath(new URL('./fma.wgsl', import.meta.url)), 'utf8');
    const loop = /for \(var i = 0u; i < params\.trips;[^{]*\{([^}]*)\}/.exec(wgsl)?.[1] ?? '';
    const vec4Fmas = loop.match(/\bfma\(/g)?.length ?? 0;
    expect(vec4Fmas).toBe(4 * 8);
    expect(FMA_FLOPS_PER_TRIP).toBe(vec4Fmas * 4 * 2);
    const plan = fmaPlan(1000, 10);
    expect(plan.descriptor).toMatchObject({
      kind: 'other',
      flops: 1000 * 10 * 256,
      bytesRead: 0,
      bytesWritten: 16_000,
      blocks: 4,
    });
  });

  it('is compute bound in the engine', () => {
    expect(predictKernel('rtx-4090', fmaPlan(1 << 20).descriptor).bound).toBe('compute');
  });

  it('lays out its uniform block as the WGSL struct', () => {
    const buffer = fmaParams(5, 9);
    expect([...new Uint32Array(buffer, 0, 2)]).toEqual([5, 9]);
    expect([...new Float32Array(buffer, 8, 1)]).toEqual([-1]);
    expect([...new Float32Array(buffer, 16, 4)]).toEqual([0.5, 0.75, 1, 1]);
  });
});
