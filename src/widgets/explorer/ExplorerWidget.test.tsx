// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import ExplorerWidget from './ExplorerWidget';
import { fakeDeps } from './test-deps';

function root(container: HTMLElement): HTMLElement {
  const element = container.querySelector<HTMLElement>('[data-widget="explorer"]');
  if (!element) throw new Error('no explorer root');
  return element;
}

const summary = (container: HTMLElement) =>
  container.querySelector('[data-summary]')?.textContent ?? '';

describe('ExplorerWidget', () => {
  beforeEach(() => {
    // jsdom has no 2-D canvas; the widget must work from its text without one.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens on the lesson example with totals, waves and the modeled time', () => {
    const { container } = render(<ExplorerWidget deps={fakeDeps()} />);
    expect(root(container).dataset.status).toBe('idle');
    expect(container.querySelector('[data-total="cuda-cores"]')?.textContent).toContain(
      '108 × 64 = 6,912',
    );
    expect(container.querySelector('[data-total="tensor-cores"]')?.textContent).toContain('432');
    expect(container.querySelector('[data-waves]')?.getAttribute('data-waves')).toBe('76');
    expect(container.querySelector('[data-model]')?.textContent).toMatch(
      /Cost engine, NVIDIA A100 SXM 80 GB: 7\.\d\d µs/,
    );
    expect(summary(container)).toMatch(/^Ready: 524,288 elements/);
    expect(container.querySelector('canvas[role="img"]')?.getAttribute('aria-label')).toBe(
      'Drawing of 108 SMs with 64 cores each; SM 1 selected.',
    );
  });

  it('chooses a preset and updates the totals and the waves', () => {
    const { container } = render(<ExplorerWidget deps={fakeDeps()} />);
    fireEvent.change(screen.getByLabelText('GPU from the catalog'), {
      target: { value: 'h100-sxm' },
    });
    expect(container.querySelector('[data-total="cuda-cores"]')?.textContent).toContain(
      '132 × 128 = 16,896',
    );
    expect(container.querySelector('[data-total="tensor-cores"]')?.textContent).toContain('528');
    expect(container.querySelector('[data-total="l2"]')?.textContent).toContain('50 MiB');
    expect(container.querySelector('[data-waves]')?.getAttribute('data-waves')).toBe('32');
  });

  it('sets SMs by hand and says the GPU is custom', () => {
    const { container } = render(<ExplorerWidget deps={fakeDeps()} />);
    const customNote = () => container.querySelector('.explorer-custom-note')?.textContent ?? null;
    expect(customNote()).toBeNull();
    fireEvent.change(screen.getByLabelText('SMs'), { target: { value: '54' } });
    expect(container.querySelector('[data-total="cuda-cores"]')?.textContent).toContain(
      '54 × 64 = 3,456',
    );
    expect(customNote()).toMatch(
      /^Set by hand: counts and peaks scaled from the NVIDIA A100 SXM 80 GB/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to the catalog counts' }));
    expect(container.querySelector('[data-total="cuda-cores"]')?.textContent).toContain('6,912');
    expect(customNote()).toBeNull();
  });

  it('steps wave by wave, announcing each wave, and resets', () => {
    const { container } = render(<ExplorerWidget deps={fakeDeps()} />);
    const step = screen.getByRole('button', { name: 'Step one wave' });
    fireEvent.click(step);
    fireEvent.click(step);
    fireEvent.click(step);
    expect(summary(container)).toBe(
      'Wave 3 of 76: 108 SMs busy, 6,912 threads running (216 warps in 108 blocks). 20,736 of 524,288 elements done.',
    );
    const live = container.querySelector('[aria-live="polite"].visually-hidden');
    expect(live?.textContent).toBe(summary(container));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(summary(container)).toMatch(/^Ready/);
  });

  it('steps and zooms from the keyboard on the drawing', () => {
    const { container } = render(<ExplorerWidget deps={fakeDeps()} />);
    const canvas = screen.getByRole('img');
    fireEvent.keyDown(canvas, { key: 's' });
    expect(summary(container)).toMatch(/^Wave 1 of 76/);
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    fireEvent.keyDown(canvas, { key: 'Enter' });
    expect(canvas.getAttribute('data-zoomed')).toBe('true');
    expect(canvas.getAttribute('aria-label')).toMatch(
      /Zoomed into SM 2 of 108: 64 cores, 64 threads/,
    );
    fireEvent.keyDown(canvas, { key: 'Escape' });
    expect(canvas.getAttribute('data-zoomed')).toBe('false');
  });

  it('shows the end at once under reduced motion', () => {
    const { container } = render(<ExplorerWidget deps={fakeDeps({ reducedMotion: () => true })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show the end' }));
    expect(root(container).dataset.status).toBe('done');
    expect(summary(container)).toMatch(/^Finished all 76 waves/);
  });

  it('runs on "my GPU" and shows a verified measured time beside the modeled one', async () => {
    const { container } = render(<ExplorerWidget deps={fakeDeps()} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run it on my GPU' }));
    });
    const result = container.querySelector('[data-measure-result]') as HTMLElement;
    const measured = within(result).getByText('320 µs');
    expect(measured.getAttribute('data-verified')).toBe('true');
    expect(result.textContent).toMatch(/measured.*modeled/s);
    expect(result.textContent).toMatch(/Verified: all 524,288 values match/);
    expect(result.textContent).toMatch(/software fallback adapter/);
    expect(root(container).dataset.status).toBe('done');
  });

  it('explains why the button cannot work without WebGPU, and the rest still works', () => {
    const { container } = render(
      <ExplorerWidget
        deps={fakeDeps({ webgpuMissingReason: () => 'This browser has no WebGPU.' })}
      />,
    );
    const button = screen.getByRole('button', { name: 'Run it on my GPU' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const why = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('This browser has no WebGPU.');
    fireEvent.click(screen.getByRole('button', { name: 'Step one wave' }));
    expect(summary(container)).toMatch(/^Wave 1 of 76/);
  });

  it('corrects bad lesson props with a visible message', () => {
    const { container } = render(<ExplorerWidget deps={fakeDeps()} gpu="tpu" elements={-3} />);
    expect(container.querySelector('.widget-notices')?.textContent).toMatch(
      /GPU: "tpu" is not one of the choices.*Elements must be at least 1/s,
    );
    expect(summary(container)).toMatch(/^Ready: 1 element in 1 block/);
  });

  it('starts from the lesson’s props', () => {
    const { container } = render(
      <ExplorerWidget
        deps={fakeDeps()}
        gpu="h100-sxm"
        residency="resident"
        threadsPerBlock={256}
      />,
    );
    expect(container.querySelector('[data-total="cuda-cores"]')?.textContent).toContain(
      '132 × 128 = 16,896',
    );
    expect((screen.getByLabelText('Threads per block') as HTMLSelectElement).value).toBe('256');
  });
});
