// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import NetworkProfile from './NetworkProfile';

const root = () => document.querySelector<HTMLElement>('[data-widget="network-profile"]')!;

/** Seconds of the table's rows, top to bottom. */
function rowSeconds(): number[] {
  return [...document.querySelectorAll<HTMLElement>('[data-profile-table] tbody tr')].map((r) =>
    Number(r.dataset.seconds),
  );
}

/** The attention sweep's legend entry for the learner's own length. */
const chosenKey = () =>
  document.querySelector('[data-sweep] .np-key--chosen')?.parentElement?.textContent;

/** Runs the debounced URL write and returns the hash's query, decoded. */
function flushUrl(): string {
  act(() => vi.advanceTimersByTime(400));
  return decodeURIComponent(window.location.hash.split('?')[1] ?? '');
}

describe('NetworkProfile', () => {
  beforeEach(() => {
    window.location.hash = '#/lesson/measuring';
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '#');
  });

  it('shows a modeled profile of ResNet-50 grouped by kind and sorted by time', () => {
    render(<NetworkProfile />);
    expect(root().dataset.status).toBe('done');
    const table = screen.getByRole('table', { name: /sorted by GPU time/ });
    expect(document.querySelector('.np-caption')?.textContent).toMatch(
      /^modeled One training step of ResNet-50 v1\.5 on the NVIDIA A100 SXM 80 GB, layers grouped by kind/,
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Name',
      'Calls',
      'GPU time',
      'Share of step',
      'FLOPs',
      'Bytes moved',
      'Bound',
    ]);
    const seconds = rowSeconds();
    expect(seconds.length).toBeGreaterThan(3);
    expect([...seconds].sort((a, b) => b - a)).toEqual(seconds);
    // ResNet-50's 53 convolutions and 53 batch norms, each kind one row that counts its calls.
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    expect(row('conv2d').querySelector('[data-label="Calls"]')?.textContent).toBe('53');
    expect(row('batchnorm2d').querySelector('[data-label="Calls"]')?.textContent).toBe('53');
    expect(row('conv2d').dataset.bound).toBe('compute');
    const chart = screen.getByRole('img', { name: /Where the time goes: the \d+ longest kinds/ });
    expect(chart.querySelectorAll('[data-bar]').length).toBe(Math.min(8, seconds.length));
    expect(document.querySelector('[data-summary]')?.textContent).toMatch(
      /^One training step of ResNet-50 v1\.5 at batch 32 on the NVIDIA A100 SXM 80 GB takes [\d.]+ ms\./,
    );
  });

  it('shows single layers when the grouping is turned off, and writes it to the link', () => {
    vi.useFakeTimers();
    render(<NetworkProfile />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Group layers of the same kind' }));
    const table = screen.getByRole('table', { name: /layer by layer/ });
    expect(within(table).queryByRole('rowheader', { name: 'conv2d' })).toBeNull();
    expect(rowSeconds()).toHaveLength(10);
    fireEvent.change(screen.getByLabelText('Rows'), { target: { value: 'all' } });
    expect(rowSeconds().length).toBeGreaterThan(150);
    expect(flushUrl()).toBe('network-profile.group=false&network-profile.rows=all');
  });

  it('explains the LSTM’s serial loop and the GPU waiting for a slow host', () => {
    render(<NetworkProfile network="lstm-2x1024" hostOpMicroseconds={20} />);
    expect(screen.getByLabelText('Time steps')).toHaveProperty('value', '100');
    const serial = screen.getByRole('region', { name: /The time-step loop/ });
    expect(serial.querySelector('[data-serial-layer]')?.textContent).toMatch(
      /^lstm\.0 runs 100 time steps one after another: .* Its forward pass takes 100 × [\d.]+ µs = [\d.]+ ms\./,
    );
    expect(serial.querySelector('[data-serial-host]')?.textContent).toMatch(
      /the GPU sits idle [\d.]+ % of the step/,
    );
    expect(document.querySelector('[data-idle]')?.textContent).toMatch(/GPU idle/);
    expect(screen.queryByRole('region', { name: /Attention against sequence length/ })).toBeNull();
  });

  it('plots attention against sequence length for a transformer and follows a typed length', () => {
    render(<NetworkProfile network="bert-base" />);
    const sweep = () => screen.getByRole('region', { name: /Attention against sequence length/ });
    expect(sweep().querySelectorAll('tr[data-seq]')).toHaveLength(5);
    const seq = screen.getByLabelText('Sequence length');
    fireEvent.change(seq, { target: { value: '300' } });
    expect(sweep().querySelectorAll('tr[data-seq]')).toHaveLength(6);
    expect(chosenKey()).toBe('your sequence length, 300');
  });

  it('follows typed time steps, writes them to the link, and swaps the loop for the sweep on BERT', () => {
    vi.useFakeTimers();
    render(<NetworkProfile />);
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'lstm-2x1024' } });
    const serial = () => screen.queryByRole('region', { name: /The time-step loop/ });
    fireEvent.change(screen.getByLabelText('Time steps'), { target: { value: '50' } });
    expect(serial()?.querySelector('[data-serial-layer]')?.textContent).toMatch(
      /^lstm\.0 runs 50 time steps one after another: .* takes 50 × [\d.]+ µs/,
    );
    const seconds = rowSeconds();
    expect([...seconds].sort((a, b) => b - a)).toEqual(seconds);
    expect(flushUrl()).toMatch(/network-profile\.seq=50(&|$)/);

    // A transformer: the serial loop gives way to the attention sweep, at its own length.
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'bert-base' } });
    expect(serial()).toBeNull();
    const sweep = () => screen.getByRole('region', { name: /Attention against sequence length/ });
    expect(sweep().querySelectorAll('tr[data-seq]')).toHaveLength(5);
    fireEvent.change(screen.getByLabelText('Sequence length'), { target: { value: '384' } });
    expect(sweep().querySelectorAll('tr[data-seq]')).toHaveLength(6);
    expect(chosenKey()).toBe('your sequence length, 384');
    expect(sweep().querySelector('[data-sweep-summary]')?.textContent).toMatch(
      /^From 256 to 512 tokens, BERT-base's attention time grows [\d.]+× and its linear layers' [\d.]+×/,
    );
    expect(document.querySelector('[data-summary]')?.textContent).toMatch(
      /sequence length 384 on the NVIDIA A100 SXM 80 GB/,
    );
    const after = rowSeconds();
    expect([...after].sort((a, b) => b - a)).toEqual(after);
  });

  it('says what is wrong with a typed number and keeps the last good one', () => {
    render(<NetworkProfile />);
    const batch = screen.getByLabelText('Batch size');
    fireEvent.change(batch, { target: { value: '0' } });
    expect(batch.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(`${batch.id}-error`)!;
    expect(error.textContent).toBe(
      'Type a whole number from 1 to 1,048,576; the profile keeps 32 until then.',
    );
    expect(batch.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.querySelector('[data-summary]')?.textContent).toMatch(/at batch 32 /);
  });

  it('gives the engine’s reason for a precision the GPU lacks, and a notice for a bad link', () => {
    window.location.hash = '#/lesson/measuring?network-profile.net=nope&network-profile.gpu=t4';
    render(<NetworkProfile precision="tf32" />);
    expect(root().dataset.status).toBe('error');
    expect(screen.getByRole('alert').textContent).toMatch(/^No profile for these settings: .*TF32/);
    const notices = root().querySelector('.widget-notices')?.textContent ?? '';
    expect(notices).toMatch(/Some settings were adjusted:.*Network.*"nope"/);
    expect(screen.getByLabelText('Network')).toHaveProperty('value', 'resnet50');
  });
});
