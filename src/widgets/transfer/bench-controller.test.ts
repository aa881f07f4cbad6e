import { describe, expect, it } from 'vitest';
import type { BandwidthPoint } from '../../gpu';
import { BenchController, type BenchDeps, type BenchTarget } from './bench-controller';

function point(
  bytes: number,
  direction: BandwidthPoint['direction'],
  verified = true,
): BandwidthPoint {
  return {
    bytes,
    direction,
    seconds: bytes / 1e9,
    bytesPerSecond: 1e9,
    repeats: 3,
    relativeSpread: 0,
    verified,
  };
}

function deps(target: Partial<BenchTarget> | null, message = 'no WebGPU'): BenchDeps {
  return {
    acquire: async () =>
      target
        ? {
            ok: true,
            target: {
              description: 'fake',
              fallback: true,
              maxBufferSize: 1 << 20,
              async measure(sizes, onPoint) {
                for (const s of sizes) {
                  onPoint(point(s, 'upload'));
                  onPoint(point(s, 'readback'));
                }
              },
              ...target,
            },
          }
        : { ok: false, message },
    plan: (max, cap) =>
      [4096, 16384, 65536, 262144, 1048576, 4194304].filter((s) => s <= Math.min(max, cap)),
  };
}

describe('BenchController', () => {
  it('plans sizes within the adapter cap and collects every point', async () => {
    const c = new BenchController(deps({}));
    const seen: string[] = [];
    c.subscribe(() => seen.push(c.getState().status));
    await c.run(64 * 1024 ** 2);
    const s = c.getState();
    expect(s.status).toBe('done');
    expect(s.sizes.at(-1)).toBe(1 << 20);
    expect(s.points).toHaveLength(10);
    expect(s.adapter).toEqual({ description: 'fake', fallback: true });
    expect(seen[0]).toBe('running');
  });

  it('reports an adapter it cannot get, and unverified bytes, as errors', async () => {
    const none = new BenchController(deps(null, 'This browser has no WebGPU.'));
    await none.run(1 << 20);
    expect(none.getState()).toMatchObject({
      status: 'error',
      message: 'This browser has no WebGPU.',
    });
    const bad = new BenchController(
      deps({ measure: async (_s, onPoint) => onPoint(point(4096, 'readback', false)) }),
    );
    await bad.run(1 << 20);
    expect(bad.getState().status).toBe('error');
  });

  it('cancels a running measurement', async () => {
    const c = new BenchController(
      deps({
        measure: (_sizes, _onPoint, signal) =>
          new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason)),
          ),
      }),
    );
    const running = c.run(1 << 20);
    await Promise.resolve();
    await Promise.resolve();
    c.cancel();
    await running;
    expect(c.getState()).toMatchObject({ status: 'idle', message: 'Measurement cancelled.' });
  });
});
