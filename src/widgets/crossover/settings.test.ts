import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { crossoverSchema, DEFAULT_CATALOG_GPU } from './settings';
import { planSweep } from './sweep';

describe('crossoverSchema', () => {
  it('defaults to a quick ReLU sweep against the A100, without the kernel-alone curve', () => {
    expect(crossoverSchema.defaults).toEqual({
      op: 'relu',
      elementsLog2: 20,
      matmulMax: '256',
      gpu: DEFAULT_CATALOG_GPU,
      kernelAlone: false,
    });
  });

  it('reads a link’s values', () => {
    const { state, notices } = checkState(crossoverSchema, {
      op: 'matmul',
      elementsLog2: '14',
      matmulMax: '64',
      gpu: 'rtx-4090',
      kernelAlone: 'true',
    });
    expect(notices).toEqual([]);
    expect(state).toMatchObject({
      op: 'matmul',
      elementsLog2: 14,
      matmulMax: '64',
      gpu: 'rtx-4090',
    });
  });

  it('clamps sizes past the laptop cap and replaces unknown values, with a notice for each', () => {
    const { state, notices } = checkState(crossoverSchema, {
      op: 'conv',
      elementsLog2: '40',
      matmulMax: '8192',
      gpu: 'voodoo-2',
    });
    expect(state.op).toBe('relu');
    expect(state.elementsLog2).toBe(22);
    expect(state.matmulMax).toBe('256');
    expect(state.gpu).toBe(DEFAULT_CATALOG_GPU);
    expect(notices).toHaveLength(4);
    expect(notices.join(' ')).toMatch(/Operation: "conv" is not one of the choices/);
    // However a link is written, the sweep it plans stays within the cap.
    expect(planSweep('relu', state).at(-1)).toBe(2 ** 22);
  });
});
