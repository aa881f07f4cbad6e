// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { passedCheck } from './testing/checks';
import { Crossover } from './Crossover';
import type { CrossoverDeps } from './types';

/** The CPU takes 1 µs per element; the GPU 1 ms fixed plus 0.1 µs per element: it wins at about 1,111. */
function fakeDeps(gpuAvailable = true): CrossoverDeps {
  let t = 0;
  return {
    measureCpu: async (_op, size) => ({
      seconds: size * 1e-6,
      check: passedCheck(size),
      workers: 2,
    }),
    getGpu: async () =>
      gpuAvailable
        ? {
            ok: true,
            adapter: { description: 'test GPU', isFallback: false },
            measure: async (_op, size) => ({
              seconds: 1e-3 + size * 1e-7,
              kernelSeconds: null,
              check: passedCheck(size),
              size,
              kernelLabel: 'ReLU',
            }),
          }
        : { ok: false, message: 'This browser has no WebGPU.' },
    now: () => (t += 1),
  };
}

function root(): HTMLElement {
  return document.querySelector('[data-widget="crossover"]') as HTMLElement;
}

describe('Crossover view', () => {
  it('lists the planned sizes with the model before any sweep', () => {
    render(<Crossover deps={fakeDeps()} elementsLog2={14} />);
    expect(root().getAttribute('data-status')).toBe('idle');
    expect(document.querySelectorAll('[data-size][data-measured="no"]')).toHaveLength(3);
    const largest = screen.getByLabelText<HTMLSelectElement>('Largest size measured');
    expect(largest.selectedOptions[0]?.textContent).toBe('16,384 elements (64 KiB)');
    expect(document.querySelector('[data-mark="modeled"]')).toBeNull(); // ReLU: the model never crosses
    expect(document.querySelector('[data-reading="modeled"]')?.textContent).toMatch(/never wins/);
  });

  it('runs a sweep, plots both measured curves and marks the measured crossover', async () => {
    render(<Crossover deps={fakeDeps()} elementsLog2={14} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run the sweep' }));
    });
    expect(root().getAttribute('data-status')).toBe('done');
    const points = (id: string) =>
      document.querySelector(`[data-series="${id}"]`)?.getAttribute('data-points');
    expect([points('cpu-measured'), points('gpu-measured')]).toEqual(['3', '3']);
    expect(document.querySelector('[data-mark="measured"] text')?.textContent).toBe(
      'measured crossover',
    );
    expect(document.querySelector('[data-reading="measured"]')?.textContent).toMatch(
      /starts to win at about 1,100 elements \(between 1,024 elements and 4,096 elements\)/,
    );
  });

  it('without WebGPU says why and still shows the CPU', async () => {
    render(<Crossover deps={fakeDeps(false)} elementsLog2={12} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run the sweep' }));
    });
    expect(document.querySelector('[data-no-webgpu]')?.textContent).toMatch(/No WebGPU here/);
    expect(
      document.querySelector('[data-series="cpu-measured"]')?.getAttribute('data-points'),
    ).toBe('2');
  });
});
