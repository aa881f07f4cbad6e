// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import ExplorerWidget from './ExplorerWidget';
import { fakeDeps } from './test-deps';

const cores = (container: HTMLElement) =>
  container.querySelector('[data-total="cuda-cores"]')?.textContent ?? '';
const waves = (container: HTMLElement) =>
  container.querySelector('[data-waves]')?.getAttribute('data-waves');
const notices = (container: HTMLElement) =>
  container.querySelector('.widget-notices')?.textContent ?? '';

/** Runs the debounced URL write and returns the hash's query. */
function flushUrl(): string {
  act(() => vi.advanceTimersByTime(400));
  return decodeURIComponent(window.location.hash.split('?')[1] ?? '');
}

describe('ExplorerWidget settings in the link', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    window.location.hash = '#/lesson/inside-a-gpu';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '#');
  });

  it('applies the settings in the URL at mount, over the lesson’s props', () => {
    window.location.hash =
      '#/lesson/inside-a-gpu?explorer.gpu=h100-sxm&explorer.sms=66&explorer.residency=resident&explorer.block=256';
    const { container } = render(<ExplorerWidget deps={fakeDeps()} gpu="rtx-4090" />);
    expect((screen.getByLabelText('GPU from the catalog') as HTMLSelectElement).value).toBe(
      'h100-sxm',
    );
    expect(cores(container)).toContain('66 × 128 = 8,448');
    expect((screen.getByLabelText('Threads per block') as HTMLSelectElement).value).toBe('256');
    // 66 is not the H100's own 132 SMs: the counts are marked as set by hand, from the H100.
    expect(container.querySelector('.explorer-custom-note')?.textContent).toMatch(
      /^Set by hand: counts and peaks scaled from the NVIDIA H100 SXM/,
    );
    expect(notices(container)).toBe('');
  });

  it('writes changed controls to the URL, and a new GPU drops the hand-set counts', () => {
    vi.useFakeTimers();
    const { container } = render(<ExplorerWidget deps={fakeDeps()} />);
    fireEvent.change(screen.getByLabelText('SMs'), { target: { value: '54' } });
    fireEvent.click(screen.getByRole('button', { name: '(64, 1000)' }));
    expect(flushUrl()).toBe('explorer.sms=54&explorer.elements=64000');
    expect(cores(container)).toContain('54 × 64 = 3,456');

    fireEvent.change(screen.getByLabelText('GPU from the catalog'), {
      target: { value: 'h100-sxm' },
    });
    expect(flushUrl()).toBe('explorer.gpu=h100-sxm&explorer.elements=64000');
    expect(cores(container)).toContain('132 × 128 = 16,896');

    // Typing the catalog's own count is not a hand-set value: the link leaves it out.
    fireEvent.change(screen.getByLabelText('SMs'), { target: { value: '132' } });
    fireEvent.click(screen.getByRole('radio', { name: /resident threads per SM/ }));
    fireEvent.change(screen.getByLabelText('Threads per block'), { target: { value: '512' } });
    expect(flushUrl()).toBe(
      'explorer.gpu=h100-sxm&explorer.elements=64000&explorer.block=512&explorer.residency=resident',
    );
    expect(waves(container)).toBe('1');
  });

  it('falls back on hostile URL values with notices, and keeps working', () => {
    window.location.hash =
      '#/lesson/inside-a-gpu?explorer.gpu=%3Cimg%20src%3Dx%3E&explorer.sms=-4&explorer.cores=70&explorer.block=1e9&explorer.elements=abc';
    const { container } = render(<ExplorerWidget deps={fakeDeps()} />);
    const text = notices(container);
    expect(text).toMatch(/GPU: "<img src=x>" is not one of the choices; using a100-sxm-80gb/);
    expect(text).toMatch(/SMs .* must be at least 0; using 0/);
    expect(text).toMatch(/Elements must be a whole number; using 524,288/);
    expect(text).toMatch(/multiple of 32 \(one warp\); using 64/);
    expect(text).toMatch(/Threads per block can be at most 1,024/);
    expect(container.querySelector('img')).toBeNull();
    expect(cores(container)).toContain('108 × 64 = 6,912');
    expect(waves(container)).toBe('76');
    fireEvent.click(screen.getByRole('button', { name: 'Step one wave' }));
    expect(container.querySelector('[data-summary]')?.textContent).toMatch(/^Wave 1 of 76/);
    fireEvent.click(screen.getByRole('button', { name: /Dismiss/ }));
    expect(notices(container)).toBe('');
  });

  it('shares a link with the settings, not the measurement', async () => {
    const { container } = render(<ExplorerWidget deps={fakeDeps()} />);
    fireEvent.change(screen.getByLabelText('GPU from the catalog'), {
      target: { value: 'rtx-4090' },
    });
    fireEvent.change(screen.getByLabelText('Cores per SM'), { target: { value: '96' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run it on my GPU' }));
    });
    const measured = container.querySelector('[data-measure-result] [data-verified]');
    expect(measured?.textContent).toBe('320 µs');
    fireEvent.click(screen.getByRole('button', { name: /^Share/ }));
    const link = (screen.getByLabelText('Link to these settings') as HTMLInputElement).value;
    const [path, query] = decodeURIComponent(link).split('?');
    expect(path).toMatch(/#\/lesson\/inside-a-gpu\/widget-explorer$/);
    expect(query).toBe('explorer.gpu=rtx-4090&explorer.cores=96');
    expect(link).not.toMatch(/320/);
    // The anchor the link scrolls to is the widget itself.
    expect(container.querySelector('[data-widget="explorer"]')?.id).toBe('widget-explorer');
  });
});
