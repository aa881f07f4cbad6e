// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { PrecisionExplorer } from './PrecisionExplorer';
import { fakeKernelDeps } from './test-deps';

function open(part: string, f16 = false) {
  const fake = fakeKernelDeps({ f16 });
  render(<PrecisionExplorer kernelDeps={fake.deps} />);
  fireEvent.click(screen.getByRole('radio', { name: part }));
  return fake;
}

function share(row: string, cls: string): string {
  return (
    document.querySelector(`[data-shares-row="${row}"] [data-share="${cls}"]`)?.textContent ?? ''
  );
}

beforeEach(() => {
  window.location.hash = '#/lesson/mixed-precision';
});
afterEach(() => {
  window.history.replaceState(null, '', '#');
});

describe('the loss-scaling part', () => {
  it('shows what scaling saves and what too much scaling overflows', () => {
    open('Loss scaling');
    expect(share('fp16-1', 'zero')).not.toBe('0 %');
    expect(share('fp16-s', 'zero')).toBe('0 %');
    expect(share('bf16-1', 'normal')).toBe('100 %');
    const slider = screen.getByLabelText(/^Loss scale: 2\^16/);
    fireEvent.change(slider, { target: { value: '24' } });
    expect(screen.getByLabelText(/^Loss scale: 2\^24 = 16,777,216/)).toBe(slider);
    expect(share('fp16-s', 'overflow')).not.toBe('0 %');
    expect(document.querySelectorAll('.histogram-bar--overflow').length).toBeGreaterThan(0);
    fireEvent.change(slider, { target: { value: '0' } });
    expect(share('fp16-s', 'zero')).toBe(share('fp16-1', 'zero'));
  });

  it('steps GradScaler’s loop, and skips the step after an injected overflow', () => {
    open('Loss scaling');
    const scale = () => document.querySelector('[data-scale]')?.textContent;
    expect(scale()).toBe('65,536 (2^16)');
    const next = () => document.querySelector('[data-action="next"]') as HTMLButtonElement;
    expect(next().textContent).toBe('Run the forward pass');
    fireEvent.click(next());
    expect(next().textContent).toBe('Run scaler.scale(loss)');
    expect(document.querySelector('.scaler-code [aria-current="step"]')?.textContent).toContain(
      'scaler.scale(loss)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Inject an overflow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish the iteration' }));
    expect(scale()).toBe('32,768 (2^15)');
    expect(document.querySelector('[data-steps]')?.textContent).toBe('0 / 1');
    expect(document.querySelector('[data-scaler-log]')?.textContent).toMatch(/skipped/);
  });

  it('grows the scale after a shorter growth_interval, and rejects a bad one', () => {
    open('Loss scaling');
    const interval = screen.getByLabelText('growth_interval') as HTMLInputElement;
    fireEvent.change(interval, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run until the scale changes' }));
    expect(document.querySelector('[data-scale]')?.textContent).toBe('131,072 (2^17)');
    expect(document.querySelector('[data-iteration]')?.textContent).toBe('6');
    fireEvent.change(interval, { target: { value: 'lots' } });
    expect(interval.getAttribute('aria-invalid')).toBe('true');
    const hint = document.getElementById(interval.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('growth_interval must be a whole number from 1 to 10,000.');
  });
});

describe('the autocast part', () => {
  it('sends matmuls to the chosen dtype and reductions to float32', () => {
    open('Autocast');
    const runs = (op: string) =>
      document.querySelector(`[data-op="${op}"] .autocast-runs`)?.textContent;
    expect(runs('linear')).toBe('float16');
    expect(runs('softmax')).toBe('float32');
    expect(runs('binary_cross_entropy')).toBe('error');
    fireEvent.click(screen.getByRole('radio', { name: 'torch.bfloat16' }));
    expect(runs('linear')).toBe('bfloat16');
    expect(runs('layer_norm')).toBe('float32');
  });
});

describe('the step-time part', () => {
  it('models each precision and gives the engine’s reason where the GPU lacks one', () => {
    open('Step time (modeled)');
    const row = (p: string) => document.querySelector(`[data-precision="${p}"]`) as HTMLElement;
    expect(row('amp-bf16').getAttribute('data-ok')).toBe('true');
    const seconds = (p: string) =>
      Number(row(p).querySelector('[data-seconds]')?.getAttribute('data-seconds'));
    expect(seconds('amp-fp16')).toBeLessThan(seconds('fp32'));
    expect(document.querySelector('[data-step-table] caption')?.textContent).toMatch(/modeled/);
    fireEvent.change(screen.getByLabelText(/Simulated GPU/), { target: { value: 't4' } });
    expect(row('amp-bf16').querySelector('[data-reason]')?.textContent).toMatch(
      /^Not available: gpu "t4" has no bf16 tensor cores/,
    );
    expect(row('amp-fp16').getAttribute('data-ok')).toBe('true');
  });

  it('keeps a bad batch in its box with a message, and the last good table on show', () => {
    open('Step time (modeled)');
    const batch = screen.getByLabelText('Batch') as HTMLInputElement;
    fireEvent.change(batch, { target: { value: '-3' } });
    expect(batch.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(batch.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('A whole number from 1 to 65,536.');
    expect(document.querySelectorAll('[data-precision]')).toHaveLength(4);
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'resnet50' } });
    expect(screen.queryByLabelText('Sequence length')).toBeNull();
  });
});

describe('the kernel part', () => {
  it('says plainly why there is no f16 result, and shows the measured f32 twin', async () => {
    const { measured } = open('On your GPU (measured)');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run it on my GPU' }));
    });
    expect(measured).toEqual([{ variant: 'f32', n: 128 }]);
    expect(document.querySelector('[data-f16-absent]')?.textContent).toMatch(
      /^No f16 comparison: .*"shader-f16"/,
    );
    expect(document.querySelector('[data-adapter]')?.textContent).toMatch(/software fallback/);
    expect(document.querySelectorAll('[data-result]')).toHaveLength(1);
    expect(document.querySelector('[data-kernel-results] caption')?.textContent).toMatch(
      /^Measured/,
    );
  });

  it('measures both variants where the device has f16, at the chosen size', async () => {
    const { measured } = open('On your GPU (measured)', true);
    fireEvent.change(screen.getByLabelText('Matrix size'), { target: { value: '64' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run it on my GPU' }));
    });
    expect(measured.map((m) => `${m.variant}@${m.n}`)).toEqual(['f32@64', 'f16@64']);
    const rows = [...document.querySelectorAll('[data-result]')];
    expect(rows.map((r) => r.getAttribute('data-result'))).toEqual(['f32', 'f16']);
    expect(rows.every((r) => r.getAttribute('data-verified') === 'true')).toBe(true);
    expect(document.querySelector('[data-f16-absent]')).toBeNull();
    expect(document.querySelector('[data-widget="precision"]')?.getAttribute('data-status')).toBe(
      'done',
    );
  });
});
