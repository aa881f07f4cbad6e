import { describe, expect, it } from 'vitest';
import { BRANCH_KINDS } from '../../compute/divergence-reference';
import {
  LAUNCHES_PER_RUN,
  NO_WEBGPU_TEXT,
  WarpController,
  type WarpDeps,
  type WarpTarget,
} from './controller';
import { MEASURED_STRIDES, branchRows, strideRows } from './measured';

/** A fake GPU: stride s takes s ms up to 8, branches 1 ms uniform and 2 ms otherwise. */
function fakeTarget(overrides: Partial<WarpTarget> = {}): WarpTarget {
  return {
    adapter: { description: 'fake · test', fallback: true },
    stridedRead: async (stride) => ({
      seconds: Math.min(stride, 8) / 1000,
      count: 1024,
      verified: true,
      checkText: 'all 1,024 exact',
    }),
    divergence: async (kind) => ({
      seconds: kind === 'uniform' ? 0.001 : 0.002,
      count: 4096,
      verified: true,
      checkText: 'all exact',
    }),
    ...overrides,
  };
}

function deps(target: WarpTarget | null): WarpDeps {
  return {
    webgpuPresent: () => target !== null,
    acquire: async () =>
      target ? { ok: true, target } : { ok: false, message: 'No WebGPU adapter.' },
  };
}

describe('the warp view’s controller', () => {
  it('measures every stride and every rule, then is done', async () => {
    const controller = new WarpController(deps(fakeTarget()));
    await controller.run();
    const state = controller.getState();
    expect(state.status).toBe('done');
    expect(state.strides.map((r) => r.stride)).toEqual([...MEASURED_STRIDES]);
    expect(state.branches.map((r) => r.kind)).toEqual([...BRANCH_KINDS]);
    expect(state.counts).toEqual({ strided: 1024, branch: 4096 });
    expect(LAUNCHES_PER_RUN).toBe(10);
    const rows = strideRows(state.strides, 'h100-sxm');
    expect(rows[0]!.usefulBytesPerSecond).toBeCloseTo(4096 / 0.001, 3);
    expect(rows.find((r) => r.stride === 8)!.relativeToStride1).toBeCloseTo(1 / 8, 12);
    expect(rows[0]!.modeledUsefulBytesPerSecond / rows[3]!.modeledUsefulBytesPerSecond).toBe(8);
    expect(branchRows(state.branches).map((r) => r.relativeToUniform)).toEqual([1, 2, 2, 2]);
  });

  it('shows no time for a launch whose output did not match, and says why', async () => {
    const target = fakeTarget({
      divergence: async () => ({
        seconds: 1,
        count: 1,
        verified: false,
        checkText: '1 of 1 wrong',
      }),
    });
    const controller = new WarpController(deps(target));
    await controller.run();
    const state = controller.getState();
    expect(state.status).toBe('error');
    expect(state.branches).toEqual([]);
    expect(state.error).toContain('did not match the CPU reference (1 of 1 wrong)');
  });

  it('says why nothing can be measured without WebGPU, and turns a throw into a message', async () => {
    expect(new WarpController(deps(null)).getState().unavailable).toBe(NO_WEBGPU_TEXT);
    const lost = new WarpController(
      deps(fakeTarget({ stridedRead: () => Promise.reject(new Error('The GPU device was lost')) })),
    );
    await lost.run();
    expect(lost.getState()).toMatchObject({ status: 'error', progress: null });
    expect(lost.getState().error).toContain('The GPU device was lost.');
  });
});
