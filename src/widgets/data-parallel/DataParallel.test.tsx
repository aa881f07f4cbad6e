// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import DataParallel from './DataParallel';
import { fakeClock, fakeDeps } from './test-deps';

const root = () => document.querySelector<HTMLElement>('[data-widget="data-parallel"]')!;
const busy = (mode: string, gpu: number) =>
  Number(
    root()
      .querySelector(`svg[data-mode="${mode}"] [data-lane="${gpu}"]`)!
      .getAttribute('data-busy-seconds'),
  );
const stepSeconds = (mode: string) =>
  root().querySelector(`[data-step-seconds="${mode}"]`)?.textContent ?? '';

/** Runs the debounced URL write and returns the hash's query, decoded. */
function flushUrl(): string {
  act(() => vi.advanceTimersByTime(400));
  return decodeURIComponent(window.location.hash.split('?')[1] ?? '');
}

describe('DataParallel', () => {
  beforeEach(() => {
    window.location.hash = '#/lesson/several-gpus';
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '#');
  });

  it('compares DDP and DataParallel at 4 GPUs: DP longer, GPU 0 busier', () => {
    render(<DataParallel deps={fakeDeps()} />);
    expect(root().dataset.status).toBe('done');
    expect(root().textContent).toMatch(/modeled/i);
    const ddp = screen.getByRole('img', { name: /DistributedDataParallel step timeline/ });
    const dp = screen.getByRole('img', { name: /^DataParallel step timeline/ });
    expect(ddp.querySelectorAll('[data-lane]')).toHaveLength(4);
    expect(dp.querySelectorAll('[data-lane]')).toHaveLength(4);
    // DDP's bucket all-reduces run on the NCCL row beside backward.
    expect(ddp.querySelectorAll('.dp-seg--nccl').length).toBeGreaterThan(0);
    expect(busy('dp', 0)).toBeGreaterThan(busy('dp', 1));
    expect(busy('ddp', 0)).toBeCloseTo(busy('ddp', 1), 12);
    expect(
      dp.querySelector('[data-lane="1"] [data-phase="idle, waiting for GPU 0"]'),
    ).not.toBeNull();
    expect(stepSeconds('ddp')).toMatch(/ms$/);
    expect(root().querySelector('[data-summary]')!.textContent).toMatch(
      /GPU 0 works [\d.]+ ms of the step, each other GPU [\d.]+ ms/,
    );
  });

  it('shards the model state: a ZeRO-3 timeline beside DDP’s, and its row marked in the table', () => {
    vi.useFakeTimers();
    render(<DataParallel deps={fakeDeps()} />);
    const table = root().querySelector('table[data-sharding-table]')!;
    expect(table.querySelectorAll('tbody tr')).toHaveLength(4);
    expect(table.querySelector('tr[aria-current="true"]')!.getAttribute('data-strategy')).toBe(
      'replicate',
    );
    fireEvent.change(screen.getByLabelText('Model state'), { target: { value: 'zero3' } });
    const full = screen.getByRole('img', { name: /FSDP \(ZeRO-3\) step timeline/ });
    expect(full.querySelectorAll('[data-lane]')).toHaveLength(4);
    expect(full.querySelector('[data-phase="all-gather root (forward)"]')).not.toBeNull();
    const row = table.querySelector('tr[aria-current="true"]')!;
    expect(row.getAttribute('data-strategy')).toBe('zero3');
    expect(Number(row.getAttribute('data-bytes-per-param'))).toBeCloseTo(16 / 4, 9);
    const sent = (strategy: string) =>
      Number(
        table.querySelector(`tr[data-strategy="${strategy}"]`)!.getAttribute('data-bytes-sent'),
      );
    expect(sent('zero3') / sent('replicate')).toBeCloseTo(1.5, 9);
    expect(stepSeconds('zero3')).toMatch(/ms$/);
    expect(flushUrl()).toBe('data-parallel.shard=zero3');
  });

  it('steps the ring all-reduce and shows 2(N-1)/N of the gradient sent by each GPU', () => {
    render(<DataParallel deps={fakeDeps()} />);
    const figure = root().querySelector('[data-bytes-per-gpu]')!;
    const gradient = Number(
      root().querySelector('[data-gradient-bytes]')!.getAttribute('data-gradient-bytes'),
    );
    expect(Number(figure.getAttribute('data-bytes-per-gpu'))).toBeCloseTo(
      (2 * 3 * gradient) / 4,
      3,
    );
    expect(figure.textContent).toMatch(/^2\(4−1\)\/4 × /);
    const status = () => root().querySelector('.dp-ring-status')!.textContent;
    expect(status()).toMatch(/^Ready/);
    const step = screen.getByRole('button', { name: 'Step' });
    fireEvent.click(step);
    expect(status()).toMatch(/^Step 1 of 6 \(reduce-scatter\)/);
    expect(root().querySelector('.dp-ring-transfers')!.textContent).toBe(
      'GPU 0 → GPU 1: chunk 0; GPU 1 → GPU 2: chunk 1; GPU 2 → GPU 3: chunk 2; GPU 3 → GPU 0: chunk 3',
    );
    for (let i = 0; i < 5; i++) fireEvent.click(step);
    expect(status()).toMatch(
      /^Step 6 of 6 \(all-gather\).*every GPU holds the whole summed gradient/,
    );
    expect((step as HTMLButtonElement).disabled).toBe(true);
    expect(root().querySelectorAll('.dp-ring__cell--full')).toHaveLength(16);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(status()).toMatch(/^Ready/);
  });

  it('plays the ring on the injected clock, frame by frame, and pauses', () => {
    const clock = fakeClock();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    /** Runs the frames asked for so far, the clock `seconds` later. */
    const frame = (seconds: number) =>
      act(() => {
        clock.advance(seconds);
        for (const run of frames.splice(0)) run(0);
      });
    try {
      render(<DataParallel deps={fakeDeps({ now: clock.now })} />);
      const status = () => root().querySelector('.dp-ring-status')!.textContent;
      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      frame(0);
      expect(status()).toMatch(/^Step 1 of 6 \(reduce-scatter\): each GPU sends/);
      expect(root().querySelectorAll('.dp-ring__packet')).toHaveLength(4);
      for (let i = 0; i < 10; i++) frame(0.1);
      expect(status()).toMatch(/^Step 2 of 6/);
      fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
      expect(root().querySelectorAll('.dp-ring__packet')).toHaveLength(0);
      expect(status()).toMatch(/^Step 1 of 6 \(reduce-scatter\): each GPU sent/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers no Play under reduced motion, only steps', () => {
    render(<DataParallel deps={fakeDeps({ reducedMotion: () => true })} />);
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    expect(root().textContent).toMatch(/Reduced motion is on/);
  });

  it('draws the scaling sweep with its table and marks where the all-reduce stops hiding', () => {
    render(<DataParallel deps={fakeDeps()} network="bert-large" link="pcie4" />);
    const table = root().querySelector('table[data-scaling-table]')!;
    const rows = within(table as HTMLElement).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows[5]!.textContent).toMatch(/^16 \(2 × 8\)/);
    expect(rows[5]!.textContent).toMatch(/one node only/);
    expect(root().querySelector('p[data-stops-hiding]')!.getAttribute('data-stops-hiding')).toBe(
      '2',
    );
    // Each plot says what it draws: every point of the sweep, DDP's to 32 GPUs, DataParallel's to 8.
    const described = (name: RegExp) =>
      screen.getByRole('img', { name }).querySelector('desc')?.textContent;
    expect(described(/Throughput against GPUs/)).toMatch(
      /^DDP 1: [\d,]+ samples\/s, .*, 32: [\d,]+ samples\/s\. DataParallel 1: .*, 8: [\d,]+ samples\/s\.$/,
    );
    expect(described(/Scaling efficiency against GPUs/)).toMatch(
      /^DDP 1: 100 %, .*, 32: \d+ %\. DataParallel 1: \d+ %, .*, 8: \d+ %\.$/,
    );
  });

  it('falls back from a bad link with a notice, and writes changes to the URL', () => {
    // replaceState, unlike setting location.hash, fires no hashchange to re-read the link later.
    window.history.replaceState(
      null,
      '',
      '#/lesson/several-gpus?data-parallel.gpus=9&data-parallel.link=nvlink9',
    );
    vi.useFakeTimers();
    render(<DataParallel deps={fakeDeps()} />);
    expect(root().textContent).toMatch(/GPUs per node can be at most 8; using 8\./);
    expect(root().textContent).toMatch(/Link inside a node: "nvlink9" is not one of the choices/);
    expect(
      screen.getAllByRole('img', { name: /step timeline/ })[0]!.querySelectorAll('[data-lane]'),
    ).toHaveLength(8);
    fireEvent.change(screen.getByLabelText('Nodes'), { target: { value: '2' } });
    expect(flushUrl()).toMatch(/data-parallel\.nodes=2/);
    expect(root().querySelector('[data-dp-unavailable]')!.textContent).toMatch(/one process/);
    expect(root().textContent).toMatch(/Showing the 8 GPUs of one node out of 16/);
  });

  it('keeps the link to one the chosen GPU can use', () => {
    render(<DataParallel deps={fakeDeps()} />);
    fireEvent.change(screen.getByLabelText('Simulated GPU'), { target: { value: 't4' } });
    const link = screen.getByLabelText('Link inside a node') as HTMLSelectElement;
    expect(link.value).toBe('pcie3');
    expect([...link.options].map((o) => o.value)).toEqual(['pcie3']);
    expect((screen.getByLabelText('Precision') as HTMLSelectElement).value).not.toBe('amp-bf16');
    expect(root().querySelector('.widget-notices li')).toBeNull();
  });
});
