// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { LabGpu, KernelLabDeps } from './controller';
import { KernelLab } from './KernelLab';
import { fakeResult } from './test-fixtures';

const gpu: LabGpu = {
  adapter: { description: 'google · swiftshader', isFallback: true, timestampQuery: true },
  run: async (r) => fakeResult(r.kernel, r.size, 0.02),
  measureRoofs: async () => {
    const memory = fakeResult('copy', { elements: 1 << 22 }, 0.02);
    return {
      memory,
      compute: fakeResult('fma', { elements: 1 << 14 }, 0.1),
      copyEngine: {
        bytes: 1 << 24,
        measurement: memory.measurement,
        check: memory.check,
        bytesPerSecond: 2e10,
      },
    };
  },
};
const deps: KernelLabDeps = { getGpu: async () => ({ ok: true, gpu }) };

function root(): HTMLElement {
  return document.querySelector('[data-widget="kernel-lab"]') as HTMLElement;
}

describe('KernelLab view', () => {
  it('starts idle with labelled controls and a modeled preview of the chosen size', () => {
    render(<KernelLab deps={deps} />);
    expect(root().getAttribute('data-status')).toBe('idle');
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect([value('Kernel'), value('Elements'), value('Compare with')]).toEqual([
      'relu',
      String(1 << 22),
      'a100-sxm-80gb',
    ]);
    const preview = () => document.querySelector('[data-preview]')?.textContent ?? '';
    // 4 Mi elements read and written (32 MiB) take far longer than a launch: memory bound.
    expect(preview()).toMatch(/^Modeled on the NVIDIA A100 SXM 80 GB: .* \(memory bound\)\.$/);
    // One element moves 8 bytes: the launch is all there is. The preview follows the typed size.
    fireEvent.change(screen.getByLabelText('Elements'), { target: { value: '1' } });
    expect(preview()).toMatch(
      /^Modeled on the NVIDIA A100 SXM 80 GB: 5(\.\d+)? µs \(launch overhead\)\.$/,
    );
  });

  it('runs a kernel and shows the verified result, the reading and a plotted point', async () => {
    render(<KernelLab deps={deps} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run on this GPU' }));
    });
    expect(root().getAttribute('data-status')).toBe('done');
    const row = document.querySelector('[data-result="relu"]') as HTMLElement;
    expect(row.getAttribute('data-verified')).toBe('true');
    // The fake run took 20 ms for 4 Mi elements, 32 MiB moved: 1.68 GB/s; its check saw 4 of 4.
    expect(row.querySelector('[data-seconds]')?.getAttribute('data-seconds')).toBe('0.02');
    expect(within(row).getByText('1.68 GB/s')).toBe(row.querySelectorAll('td')[1]);
    expect(within(row).getByTitle('all 4 values match the CPU reference').textContent).toBe(
      '✓ matches CPU',
    );
    expect(document.querySelector('[data-reading]')?.textContent).toMatch(/software fallback/);
    const points = [...document.querySelectorAll<SVGElement>('[data-point]')];
    expect(points.map((p) => [p.dataset.point, p.dataset.source])).toEqual([
      ['relu', 'measured'],
      ['relu', 'modeled'],
    ]);
  });

  it('draws no kernel on the roofline before a run', () => {
    render(<KernelLab deps={deps} />);
    expect(document.querySelectorAll('[data-point]')).toHaveLength(0);
  });

  it('switches to matrix inputs for a matmul and refuses a bad size with a message', async () => {
    render(<KernelLab deps={deps} />);
    fireEvent.change(screen.getByLabelText('Kernel'), { target: { value: 'matmul-tiled' } });
    const k = screen.getByLabelText('k');
    fireEvent.change(k, { target: { value: '0' } });
    await act(async () => {
      fireEvent.submit(k.closest('form') as HTMLFormElement);
    });
    expect(screen.getByRole('alert').textContent).toMatch(/k must be at least 1/);
    expect(root().getAttribute('data-status')).toBe('idle');
  });

  it('measures the roofs and draws them', async () => {
    render(<KernelLab deps={deps} />);
    const roofs = () =>
      [...document.querySelectorAll<SVGElement>('[data-roof]')].map((r) => r.dataset.roof);
    expect(roofs()).toEqual(['modeled']);
    expect(document.querySelector('[data-roofs]')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Measure this GPU/ }));
    });
    expect(document.querySelector('[data-roofs]')?.textContent).toMatch(
      /copyBufferToBuffer 20 GB\/s/,
    );
    expect(roofs()).toEqual(['modeled', 'measured', 'copy-engine']);
  });

  it('shows a failure as an alert and stays usable', async () => {
    let first = true;
    const flaky: KernelLabDeps = {
      getGpu: async () => ({
        ok: true,
        gpu: {
          ...gpu,
          run: async (r) => {
            if (first) {
              first = false;
              throw new Error('The GPU device was lost during the run.');
            }
            return fakeResult(r.kernel, r.size, 0.02);
          },
        },
      }),
    };
    render(<KernelLab deps={flaky} />);
    const run = screen.getByRole('button', { name: 'Run on this GPU' });
    await act(async () => fireEvent.click(run));
    expect(root().getAttribute('data-status')).toBe('error');
    expect(screen.getByRole('alert').textContent).toMatch(/device was lost.*run again/);
    await act(async () => fireEvent.click(run));
    expect(root().getAttribute('data-status')).toBe('done');
  });

  it('predicts each run for this device once the roofs are measured, and keeps a record', async () => {
    let release: () => void = () => {};
    const slow: KernelLabDeps = {
      getGpu: async () => ({
        ok: true,
        gpu: {
          ...gpu,
          run: (r) =>
            'elements' in r.size && r.size.elements === 1
              ? gpu.run(r, () => {}, new AbortController().signal)
              : new Promise((resolve) => {
                  release = () => resolve(fakeResult(r.kernel, r.size, 0.02));
                }),
        },
      }),
    };
    render(<KernelLab deps={slow} />);
    const run = screen.getByRole('button', { name: 'Run on this GPU' });
    const forecast = () => document.querySelector<HTMLElement>('[data-forecast]');

    // Before the roofs: no prediction, and the lab says to measure them first.
    await act(async () => fireEvent.click(run));
    expect(forecast()?.textContent).toMatch(/measure the roofs first/);
    await act(async () => release());
    expect(document.querySelector('[data-record-row]')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Measure this GPU/ }));
    });
    expect(document.querySelector('[data-device-model]')?.textContent).toMatch(
      /your CPU running SwiftShader/,
    );
    expect(document.querySelector('[data-roofs]')?.textContent).toMatch(
      /near-empty dispatch takes 20 ms/,
    );

    // The prediction is on screen while the run is still going.
    await act(async () => fireEvent.click(run));
    expect(root().getAttribute('data-status')).toBe('running');
    expect(forecast()?.dataset.phase).toBe('running');
    expect(forecast()?.textContent).toMatch(/Predicted for this device: .* \((memory|launch)/);
    await act(async () => release());
    expect(forecast()?.dataset.phase).toBe('measured');
    expect(forecast()?.querySelector('[data-outcome]')?.textContent).toMatch(
      /^Measured: 20 ms\. Error [+−]\d/,
    );
    const row = document.querySelector('[data-record-row="relu"]') as HTMLElement;
    const cell = (name: string) =>
      Number(row.querySelector(`[data-${name}]`)?.getAttribute(`data-${name}`));
    expect(cell('measured-seconds')).toBe(0.02);
    expect(cell('predicted-seconds')).toBeGreaterThan(0);
    expect(cell('error')).toBeCloseTo((cell('predicted-seconds') - 0.02) / 0.02, 12);
    expect(document.querySelector('[data-median]')?.textContent).toMatch(
      /^Median \|error\| over 1 run: .* %/,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clear the record' }));
    expect(document.querySelector('[data-record-row]')).toBeNull();
    expect(forecast()).toBeNull();
  });
});
