// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPrintModelPort } from '../../ui/print-model/lazy-port';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { engineProfileModel } from './browser-deps';
import type { ProfileEngine, ProfileRequest } from './engine-port';
import { changeKey, changeOptions } from './changes';
import NetworkProfile from './NetworkProfile';
import { RESNET_TRAIN } from './testing/requests';

const root = () => document.querySelector<HTMLElement>('[data-widget="network-profile"]')!;
const panel = () => screen.getByRole('region', { name: /Host and GPU: who waits for whom/ });
const idleSentence = () => panel().querySelector('[data-idle-sentence]')?.textContent;

/** Widths of the rects inside `selector`, added up. */
function widthOf(selector: string): number {
  return [...document.querySelectorAll<SVGRectElement>(selector)].reduce(
    (sum, r) => sum + Number(r.getAttribute('width')),
    0,
  );
}

/** The real engine, recording every request it is asked to profile. */
function recordingEngine(): ProfileEngine & { asked: ProfileRequest[] } {
  const asked: ProfileRequest[] = [];
  return {
    ...engineProfileModel,
    asked,
    profile(request) {
      asked.push(request);
      return engineProfileModel.profile(request);
    },
  };
}

/** Runs the debounced URL write and returns the hash's query, decoded. */
function flushUrl(): string {
  act(() => vi.advanceTimersByTime(400));
  return decodeURIComponent(window.location.hash.split('?')[1] ?? '');
}

describe('the host and GPU panel', () => {
  beforeEach(() => {
    window.location.hash = '#/lesson/measuring';
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '#');
  });

  it('draws BERT-base on an H200 waiting for Python, the lanes as wide as each side’s time', () => {
    render(<NetworkProfile network="bert-base" gpu="h200-sxm" />);
    const step = engineProfileModel.step({
      ...RESNET_TRAIN,
      network: 'bert-base',
      gpu: 'h200-sxm',
      seq: 128,
    });
    expect(step.bound).toBe('host');
    expect(idleSentence()).toMatch(/^The GPU waits for Python \d+ % of this step:/);
    const lanes = document.querySelector('[data-lanes]')!;
    expect(lanes.getAttribute('data-bound')).toBe('host');
    const host = widthOf('[data-lane="host"] rect[data-phase]');
    const busy = widthOf('[data-lane="gpu"] [data-phase] rect');
    expect(host / busy).toBeCloseTo(step.hostSeconds / step.gpuSeconds, 6);
    // The host lane spans the whole axis; the GPU's bursts are split over its phases.
    const axis = widthOf('[data-lane="gpu"] rect.np-idle') + 1;
    expect(host / axis).toBeCloseTo(step.hostSeconds / step.seconds, 3);
    expect(document.querySelectorAll('[data-lane="gpu"] [data-phase] rect').length).toBeGreaterThan(
      10,
    );
    expect(document.querySelector('[data-lane="host"] [data-wait]')).toBeNull();
    const chart = screen.getByRole('img', { name: /One step on two lanes, host and GPU/ });
    const chartLanes = [...chart.querySelectorAll('[data-lane]')].map((l) =>
      l.getAttribute('data-lane'),
    );
    expect(chartLanes.sort()).toEqual(['gpu', 'host']);
    expect(document.querySelector('[data-gpu-text]')?.textContent).toMatch(
      /^busy [\d.]+ ms \(forward .*\); idle [\d.]+ ms, \d+ % of the step\.$/,
    );
  });

  it('says the host keeps ahead for ResNet-50 at batch 128, the host waiting at the end', () => {
    render(<NetworkProfile batch={128} />);
    expect(idleSentence()).toMatch(/^The host keeps ahead: the GPU is busy \d+ % of the step\./);
    const wait = document.querySelector('[data-lane="host"] [data-wait]');
    expect(Number(wait?.getAttribute('width'))).toBeGreaterThan(0);
    // Busy, then waiting, the host's lane spans the GPU's busy time (to the half pixel the
    // dashed outline is inset).
    const host = widthOf('[data-lane="host"] rect');
    expect(Math.abs(host - widthOf('[data-lane="gpu"] [data-phase] rect'))).toBeLessThanOrEqual(
      0.5 + 1e-9, // the half pixel, and floating point's last digits
    );
  });

  it('sends the execution mode, the fused optimizer and the host’s time to the engine, and the link', () => {
    vi.useFakeTimers();
    const engine = recordingEngine();
    render(<NetworkProfile deps={{ engine, printModel: lazyPrintModelPort }} />);
    const last = () => engine.asked.at(-1)!;
    expect(last()).toMatchObject({ execution: 'eager', fusedOptimizer: false });
    expect(last().hostOpSeconds).toBeCloseTo(8.49e-6, 15);

    fireEvent.change(screen.getByLabelText('Execution'), { target: { value: 'compiled' } });
    expect(last().execution).toBe('compiled');
    fireEvent.click(screen.getByRole('checkbox', { name: /Fused optimizer/ }));
    expect(last().fusedOptimizer).toBe(true);
    fireEvent.change(screen.getByLabelText('Host time per eager op (µs)'), {
      target: { value: '20' },
    });
    expect(last().hostOpSeconds).toBeCloseTo(20e-6, 15);
    expect(flushUrl()).toBe(
      'network-profile.exec=compiled&network-profile.fused=true&network-profile.host-us=20',
    );
    const current = document.querySelector('[data-changes] td[data-current]');
    expect(current?.getAttribute('data-change')).toBe('compiled+fused');
  });

  it('compares every way to run the step with the engine’s own times', () => {
    render(<NetworkProfile />);
    const rows = [...document.querySelectorAll<HTMLElement>('[data-changes] td[data-change]')];
    // Every way to run a training step (changes.test.ts spells them out), in that order.
    expect(rows.map((r) => r.dataset.change)).toEqual(changeOptions('train').map(changeKey));
    expect(rows[0]?.dataset.current).toBe('true');
    const compiled = engineProfileModel.step({ ...RESNET_TRAIN, execution: 'compiled' });
    expect(Number(rows[2]?.dataset.seconds)).toBeCloseTo(compiled.seconds, 12);
    expect(rows[2]?.textContent).toMatch(/[\d.]+× faster/);
    fireEvent.click(screen.getByRole('radio', { name: 'Inference' }));
    expect(document.querySelectorAll('[data-changes] td[data-change]')).toHaveLength(4);
    expect(screen.queryByRole('checkbox', { name: /Fused optimizer/ })).toBeNull();
  });

  it('keeps the last good host time while a typed one is out of range', () => {
    render(<NetworkProfile />);
    const field = screen.getByLabelText('Host time per eager op (µs)');
    fireEvent.change(field, { target: { value: '0' } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${field.id}-error`)?.textContent).toBe(
      'Type a number from 1 to 200 with at most 2 decimals; the profile keeps 8.49 until then.',
    );
  });

  it('gives a notice and the defaults for a bad mode, flag and host time in the link', () => {
    window.location.hash =
      '#/lesson/measuring?network-profile.exec=warp&network-profile.fused=2&network-profile.host-us=abc';
    render(<NetworkProfile />);
    expect(root().dataset.status).toBe('done');
    const notices = root().querySelector('.widget-notices')?.textContent ?? '';
    expect(notices).toMatch(/Execution.*"warp"/);
    expect(notices).toMatch(/Fused optimizer/);
    expect(notices).toMatch(/Host time per op/);
    expect(screen.getByLabelText('Execution')).toHaveProperty('value', 'eager');
    expect(screen.getByLabelText('Host time per eager op (µs)')).toHaveProperty('value', '8.49');
    expect(screen.getByRole('checkbox', { name: /Fused optimizer/ })).toHaveProperty(
      'checked',
      false,
    );
  });
});
