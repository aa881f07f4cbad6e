// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import AmdahlPlot from './AmdahlPlot';
import { DEFAULT_MAX_CORES } from './model';
import { coreCountStops, fractionStops } from './slider-stops';

const readout = () => screen.getByTestId('amdahl-readout').textContent ?? '';
const notices = () => document.querySelector('.widget-notices')?.textContent ?? '';
const pSlider = () => screen.getByLabelText('Your parallel fraction p') as HTMLInputElement;
const coreSlider = () => screen.getByLabelText('Number of cores N') as HTMLInputElement;

/** Runs the debounced URL write and returns the hash's query, decoded. */
function flushUrl(): string {
  act(() => vi.advanceTimersByTime(400));
  return decodeURIComponent(window.location.hash.split('?')[1] ?? '');
}

describe('AmdahlPlot settings in the link', () => {
  beforeEach(() => {
    window.location.hash = '#/lesson/why-gpus';
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '#');
  });

  it('applies p and the core count from the URL at mount, over the lesson’s props', () => {
    window.location.hash = '#/lesson/why-gpus?amdahl.p=0.99&amdahl.cores=24';
    render(<AmdahlPlot initialFraction={0.5} initialCores={256} />);
    expect(readout()).toMatch(/^With p = 0\.99 and 24 cores the speedup is/);
    expect(pSlider().getAttribute('aria-valuetext')).toBe('p = 0.99');
    expect(
      screen.getByRole('button', { name: /i9-14900K \(24\)/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(notices()).toBe('');
  });

  it('snaps a core count from the URL to the slider’s nearest stop', () => {
    window.location.hash = '#/lesson/why-gpus?amdahl.cores=100';
    render(<AmdahlPlot />);
    expect(readout()).toMatch(/^With p = 0\.95 and 128 cores/);
    expect(coreSlider().getAttribute('aria-valuetext')).toBe('128 cores');
  });

  it('writes the sliders and presets to the URL, leaving out what the lesson already sets', () => {
    vi.useFakeTimers();
    render(<AmdahlPlot />);
    fireEvent.change(pSlider(), { target: { value: String(fractionStops().indexOf(0.99)) } });
    fireEvent.click(screen.getByRole('button', { name: /H100 SXM/ }));
    expect(flushUrl()).toBe('amdahl.p=0.99&amdahl.cores=16896');
    expect(window.location.hash.startsWith('#/lesson/why-gpus?')).toBe(true);

    const stops = coreCountStops(DEFAULT_MAX_CORES);
    fireEvent.change(coreSlider(), { target: { value: String(stops.indexOf(6912)) } });
    fireEvent.change(screen.getByLabelText('Your parallel fraction p, exact value'), {
      target: { value: '0.95' },
    });
    expect(flushUrl()).toBe('');
  });

  it('writes against the lesson’s props as the baseline', () => {
    vi.useFakeTimers();
    render(<AmdahlPlot initialFraction={0.5} />);
    expect(readout()).toMatch(/^With p = 0\.5 and/);
    fireEvent.change(screen.getByLabelText('Your parallel fraction p, exact value'), {
      target: { value: '0.95' },
    });
    expect(flushUrl()).toBe('amdahl.p=0.95');
  });

  it('falls back on hostile URL values with notices and keeps working', () => {
    window.location.hash =
      '#/lesson/why-gpus?amdahl.p=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&amdahl.cores=-5&amdahl.zzz=1';
    const { container } = render(<AmdahlPlot />);
    const text = notices();
    expect(text).toContain('Parallel fraction p must be a number; using 0.95.');
    expect(text).toContain('Number of cores must be at least 1; using 1.');
    expect(text).toContain('amdahl.zzz is not a setting of this widget; ignored.');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-widget="amdahl"]')?.getAttribute('data-status')).toBe(
      'done',
    );
    expect(readout()).toMatch(
      /^With p = 0\.95 and 1 core the speedup is 1\.00×: one core is the baseline/,
    );

    fireEvent.click(screen.getByRole('button', { name: /A100 \(6,912\)/ }));
    expect(readout()).toMatch(/^With p = 0\.95 and 6,912 cores/);
  });

  it('clamps a p of 1 or more from the URL, which would have no ceiling', () => {
    window.location.hash = '#/lesson/why-gpus?amdahl.p=1';
    render(<AmdahlPlot />);
    expect(notices()).toContain('Parallel fraction p can be at most 0.999; using 0.999.');
    expect(readout()).toMatch(/^With p = 0\.999 and 6,912 cores/);
  });

  it('shares a link to the plot that carries p and the core count', () => {
    const { container } = render(<AmdahlPlot />);
    fireEvent.change(pSlider(), { target: { value: String(fractionStops().indexOf(0.9)) } });
    fireEvent.click(screen.getByRole('button', { name: /i9-14900K/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Share/ }));
    const link = decodeURIComponent(
      (screen.getByLabelText('Link to these settings') as HTMLInputElement).value,
    );
    const [path, query] = link.split('?');
    expect(path).toMatch(/#\/lesson\/why-gpus\/widget-amdahl$/);
    expect(query).toBe('amdahl.p=0.9&amdahl.cores=24');
    expect(container.querySelector('[data-widget="amdahl"]')?.id).toBe('widget-amdahl');
  });
});
