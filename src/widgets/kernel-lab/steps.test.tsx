// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KernelLabController } from './controller';
import { stepRows } from './matmul-steps';
import { StepsTable } from './StepsTable';
import { depsWith, fakeGpu } from './test-fixtures';

const shape = { m: 64, n: 64, k: 64 };

describe('the four matmul steps', () => {
  it('runs naive, tiled, register-blocked and tuned at one shape, in order', async () => {
    const ran: string[] = [];
    const gpu = fakeGpu();
    const c = new KernelLabController(
      depsWith({ ...gpu, run: (r, p, s) => (ran.push(r.kernel), gpu.run(r, p, s)) }),
    );
    await c.runMatmulSteps(shape);
    expect(ran).toEqual(['matmul-naive', 'matmul-tiled', 'matmul-blocked', 'matmul-tuned']);
    expect(stepRows(c.getState().results, null).map((r) => r.overPrevious)).toEqual([
      null,
      1,
      1,
      1,
    ]);
  });

  it('stops at the first step that fails', async () => {
    const ran: string[] = [];
    const c = new KernelLabController(
      depsWith(
        fakeGpu({
          run: async (r) => {
            ran.push(r.kernel);
            throw new Error('device lost');
          },
        }),
      ),
    );
    await c.runMatmulSteps(shape);
    expect(ran).toEqual(['matmul-naive']);
    expect(c.getState().status).toBe('error');
  });

  it('shows each step’s rate, share of the roof and gain, and the tensor-core line', async () => {
    const c = new KernelLabController(depsWith(fakeGpu()));
    await c.runMatmulSteps(shape);
    const absent = 'This adapter does not offer "chromium-experimental-subgroup-matrix".';
    render(<StepsTable rows={stepRows(c.getState().results, null)} tensorCores={absent} />);
    const table = screen.getByRole('table', { name: /what each step bought/i });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(table.querySelector('[data-step="matmul-tuned"] th')?.textContent).toBe(
      'Matmul, tuned for this GPU (128x128x8-8x8)',
    );
    expect(within(table).getAllByText('measure the roofs')).toHaveLength(4);
    expect(document.querySelector('[data-tensor-cores]')?.textContent).toBe(
      `Tensor cores: ${absent}`,
    );
  });
});
