// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { LabGpu, KernelLabDeps } from './controller';
import { KernelLab } from './KernelLab';
import { fakeResult } from './test-fixtures';

function fakeDeps() {
  const run = vi.fn<LabGpu['run']>(async (r) => fakeResult(r.kernel, r.size, 0.02));
  const gpu: LabGpu = {
    adapter: { description: 'google · swiftshader', isFallback: true, timestampQuery: true },
    run,
    measureRoofs: async () => {
      throw new Error('not used here');
    },
  };
  const deps: KernelLabDeps = { getGpu: async () => ({ ok: true, gpu }) };
  return { deps, run };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const notices = () => document.querySelector('.widget-notices')?.textContent ?? '';
const preview = () => document.querySelector('[data-preview]')?.textContent ?? '';

/** Runs the debounced URL write and returns the hash's query. */
function flushUrl(): string {
  act(() => vi.advanceTimersByTime(400));
  return decodeURIComponent(window.location.hash.split('?')[1] ?? '');
}

describe('KernelLab settings in the link', () => {
  beforeEach(() => {
    window.location.hash = '#/lesson/measuring';
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '#');
  });

  it('applies the settings in the URL at mount, and runs them', async () => {
    window.location.hash =
      '#/lesson/measuring?kernel-lab.kernel=matmul-tiled&kernel-lab.m=512&kernel-lab.gpu=h100-sxm';
    const { deps, run } = fakeDeps();
    render(<KernelLab deps={deps} />);
    expect(field('Kernel').value).toBe('matmul-tiled');
    expect([field('m').value, field('n').value, field('k').value]).toEqual(['512', '256', '256']);
    expect(field('Compare with').value).toBe('h100-sxm');
    expect(preview()).toMatch(/Modeled on the NVIDIA H100/);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run on this GPU' }));
    });
    expect(run.mock.calls[0]?.[0]).toEqual({
      kernel: 'matmul-tiled',
      size: { m: 512, n: 256, k: 256 },
    });
  });

  it('writes the URL when the typed size reads as one, keeping the text as typed', () => {
    vi.useFakeTimers();
    render(<KernelLab deps={fakeDeps().deps} />);
    fireEvent.change(field('Kernel'), { target: { value: 'fma' } });
    expect(field('Threads').value).toBe('16384');
    fireEvent.change(field('Threads'), { target: { value: '65,536' } });
    fireEvent.change(field('Compare with'), { target: { value: 'rtx-4090' } });
    expect(flushUrl()).toBe('kernel-lab.kernel=fma&kernel-lab.count=65536&kernel-lab.gpu=rtx-4090');
    expect(field('Threads').value).toBe('65,536');

    // Text that is not a size yet leaves the settings and the link alone.
    fireEvent.change(field('Threads'), { target: { value: '65,5x' } });
    expect(preview()).toMatch(/must be a number/);
    expect(flushUrl()).toBe('kernel-lab.kernel=fma&kernel-lab.count=65536&kernel-lab.gpu=rtx-4090');

    // Another kind of size starts from that kernel's default, which the link leaves out.
    fireEvent.change(field('Kernel'), { target: { value: 'matmul-naive' } });
    fireEvent.click(screen.getByRole('button', { name: '1024³' }));
    expect(field('k').value).toBe('1024');
    expect(flushUrl()).toBe(
      'kernel-lab.kernel=matmul-naive&kernel-lab.m=1024&kernel-lab.n=1024&kernel-lab.k=1024&kernel-lab.gpu=rtx-4090',
    );
  });

  it('clamps a typed size beyond the limit with a notice, and shows the size used', () => {
    render(<KernelLab deps={fakeDeps().deps} />);
    fireEvent.change(field('Elements'), { target: { value: '5e9' } });
    expect(notices()).toMatch(/can be at most 1,073,741,824; using 1,073,741,824/);
    expect(field('Elements').value).toBe('1073741824');
  });

  it('falls back on hostile URL values with notices, and still runs', async () => {
    window.location.hash =
      '#/lesson/measuring?kernel-lab.kernel=%3Cb%3Erm%3C%2Fb%3E&kernel-lab.count=-1&kernel-lab.m=9&kernel-lab.gpu=1e999';
    const { deps, run } = fakeDeps();
    render(<KernelLab deps={deps} />);
    const text = notices();
    expect(text).toMatch(/Kernel: "<b>rm<\/b>" is not one of the choices; using relu/);
    expect(text).toMatch(/must be at least 0; using 0/);
    expect(text).toMatch(/Compare with: "1e999" is not one of the choices/);
    expect(text).toMatch(/ReLU takes a count of elements, not m, n and k/);
    expect(document.querySelector('b')).toBeNull();
    expect(field('Elements').value).toBe('4194304');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run on this GPU' }));
    });
    expect(run.mock.calls[0]?.[0]).toEqual({ kernel: 'relu', size: { elements: 1 << 22 } });
    const row = document.querySelector('[data-result="relu"]');
    expect(row?.querySelector('[data-size]')?.textContent).toBe('4,194,304 elements');
  });

  it('shares a link with the settings, not the results', async () => {
    render(<KernelLab deps={fakeDeps().deps} />);
    fireEvent.change(field('Kernel'), { target: { value: 'copy' } });
    fireEvent.click(screen.getByRole('button', { name: '64 Ki' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run on this GPU' }));
    });
    const row = document.querySelector('[data-result="copy"]');
    expect(row?.querySelector('[data-size]')?.textContent).toBe('65,536 elements');
    expect(row?.querySelector('[data-seconds]')?.getAttribute('data-seconds')).toBe('0.02');
    fireEvent.click(screen.getByRole('button', { name: /^Share/ }));
    const link = decodeURIComponent(field('Link to these settings').value);
    const [path, query] = link.split('?');
    expect(path).toMatch(/#\/lesson\/measuring\/widget-kernel-lab$/);
    expect(query).toBe('kernel-lab.kernel=copy&kernel-lab.count=65536');
  });
});
