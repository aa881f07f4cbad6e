// @vitest-environment jsdom
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import ParallelPlanner from './ParallelPlanner';
import { fakeDeps, inlineRanker } from './testing/deps';

const root = () => document.querySelector<HTMLElement>('[data-widget="parallel-planner"]')!;
const q = (selector: string) => root().querySelector<HTMLElement>(selector);

/** A small plan that ranks quickly: Llama 3.1 8B on one node of 8 A100s. */
const SMALL = {
  model: 'llama3.1-8b',
  gpu: 'a100-sxm-80gb',
  gpus: 8,
  seq: 4096,
  globalBatch: 32,
  checkpointing: 'none',
};

/** Waits until the ranking has come back. */
async function ranked() {
  await waitFor(() => expect(q('[data-ranking]')!.dataset.ranking).toBe('done'));
}

/** Runs the debounced URL write and returns the hash's query, decoded. */
function flushUrl(): string {
  act(() => vi.advanceTimersByTime(400));
  return decodeURIComponent(window.location.hash.split('?')[1] ?? '');
}

describe('ParallelPlanner', () => {
  beforeEach(() => {
    window.location.hash = '#/lesson/beyond-data-parallel';
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '#');
  });

  it('shows the chosen layout’s memory, timeline and figures, then every layout ranked, all modeled', async () => {
    // Under StrictMode, as the app runs in development: disposed and mounted again, it still ranks.
    render(
      <StrictMode>
        <ParallelPlanner deps={fakeDeps()} {...SMALL} />
      </StrictMode>,
    );
    expect(root().dataset.status).toBe('done');
    expect(q('[data-summary]')!.textContent).toMatch(
      /^modeled Llama 3\.1 8B on 8 × NVIDIA A100 SXM.*, sequences of 4,096 tokens, 32 per step \(131,072 tokens\), laid out as DP 8, FSDP, micro-batch 1 × 4, no checkpointing:/,
    );
    expect(Number(q('[data-tokens-per-gpu]')!.dataset.tokensPerGpu)).toBeGreaterThan(1000);
    for (const part of ['state', 'gathered', 'activations', 'logits', 'reserve']) {
      expect(q(`[data-memory-panel] rect[data-part="${part}"]`), part).not.toBeNull();
    }
    expect(q('[data-fit-summary]')!.textContent).toMatch(/^It fits:/);
    const lanes = screen.getByRole('img', { name: /Step timeline per pipeline stage/ });
    expect(lanes.querySelectorAll('[data-lane]')).toHaveLength(1);
    expect(lanes.querySelectorAll('[data-kind="forward"]')).toHaveLength(4);
    expect(lanes.querySelectorAll('[data-stream="collectives"][data-kind="gather"]')).toHaveLength(
      8,
    );
    for (const panel of ['[data-memory-panel]', '[data-timeline]', '[data-ranking]']) {
      expect(q(`${panel} h4 .tag-modeled`), panel).not.toBeNull();
    }
    await ranked();
    const table = q('table[data-rank-table]')!;
    expect(table.querySelectorAll('tbody tr').length).toBe(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show the 20 fastest' }));
    expect(table.querySelectorAll('tbody tr').length).toBe(20);
    expect(q('[data-rank-status]')!.textContent).toMatch(
      /^Ranked [\d,]+ layouts: [\d,]+ fit in memory/,
    );
    expect(q('[data-why]')!.textContent).toMatch(
      /^The best layout \(.*\).* faster than the (runner-up|next) \(/,
    );
    expect(q('[data-chosen-place]')!.textContent).toMatch(
      /^Your layout is the (best one\.|\d+(st|nd|rd|th) of)/,
    );
  });

  it('chooses a ranked layout with its button and writes it to the link; sorts by a column', async () => {
    render(<ParallelPlanner deps={fakeDeps()} {...SMALL} />);
    await ranked();
    vi.useFakeTimers();
    const table = q('table[data-rank-table]')!;
    // The fastest row that is not the layout already chosen (the props may be the best).
    const rows = [...table.querySelectorAll<HTMLElement>('tbody tr')];
    const index = rows.findIndex((row) => row.getAttribute('aria-current') !== 'true');
    const pick = rows[index]!;
    const key = pick.dataset.layout!;
    fireEvent.click(within(pick).getByRole('button'));
    expect(table.querySelector('tr[aria-current="true"]')!.getAttribute('data-layout')).toBe(key);
    expect(q('[data-chosen-place]')!.textContent).toMatch(
      index === 0 ? /^Your layout is the best one\.$/ : /^Your layout is the 2nd of/,
    );
    const [tp, cp, pp, mb, shard, ckpt] = key.split('.');
    const query = flushUrl();
    if (tp !== '1') expect(query).toContain(`parallel-planner.tp=${tp}`);
    if (cp !== '1') expect(query).toContain(`parallel-planner.cp=${cp}`);
    if (pp !== '1') expect(query).toContain(`parallel-planner.pp=${pp}`);
    if (mb !== '1') expect(query).toContain(`parallel-planner.mb=${mb}`);
    if (shard !== 'zero3') expect(query).toContain(`parallel-planner.shard=${shard}`);
    // The link carries what differs from the lesson's props (checkpointing none here).
    if (ckpt !== 'none') expect(query).toContain(`parallel-planner.ckpt=${ckpt}`);
    expect(query).not.toBe('');
    vi.useRealTimers();

    const memory = within(table).getByRole('button', { name: 'Memory per GPU' });
    fireEvent.click(memory);
    expect(memory.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    const bytes = () =>
      [...table.querySelectorAll<HTMLElement>('tbody tr')].map((tr) => Number(tr.dataset.bytes));
    expect(bytes()).toHaveLength(10);
    expect(bytes()).toEqual([...bytes()].sort((a, b) => a - b));
    fireEvent.click(memory);
    expect(memory.closest('th')!.getAttribute('aria-sort')).toBe('descending');
    expect(bytes()).toEqual([...bytes()].sort((a, b) => b - a));
  });

  it('explains bad input and keeps the widget: degrees, a node, the batch, the spec', async () => {
    const ranker = inlineRanker();
    const { unmount } = render(
      <ParallelPlanner deps={fakeDeps({ ranker })} {...SMALL} tensorParallel={3} />,
    );
    expect(root().dataset.status).toBe('error');
    expect(screen.getByRole('alert').textContent).toMatch(
      /TP × CP × PP = 3 × 1 × 1 = 3 does not divide the 8 GPUs/,
    );
    // The ranking is still there to choose from.
    await ranked();
    expect(q('table[data-rank-table]')).not.toBeNull();
    unmount();

    render(<ParallelPlanner deps={fakeDeps()} {...SMALL} gpus={16} tensorParallel={16} />);
    expect(screen.getByRole('alert').textContent).toMatch(
      /Tensor parallel 16 is wider than a node of 8 GPUs/,
    );
    fireEvent.change(screen.getByLabelText('Tensor parallel (TP)'), { target: { value: '2' } });
    await waitFor(() => expect(q('[data-summary]')).not.toBeNull());
    fireEvent.change(screen.getByLabelText('Micro-batch (sequences)'), { target: { value: '3' } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /global batch of 32 sequences does not split into micro-batches of 3 on each of the 8 data-parallel ranks/,
      ),
    );
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Micro-batch (sequences)'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Attention heads'), { target: { value: '33' } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /the decoder spec does not hold together: decoder heads \(33\) must divide hidden \(4096\)/,
      ),
    );
    expect(q('[data-ranking]')!.dataset.ranking).toBe('none');
    expect(screen.getByLabelText('Hidden size')).toBeTruthy();
  });

  it('reads a pasted print(model), and waits for one with words', async () => {
    render(<ParallelPlanner deps={fakeDeps()} {...SMALL} model="print" />);
    expect(root().dataset.status).toBe('idle');
    expect(q('[data-problem="awaiting"]')!.textContent).toMatch(/^Nothing to plan yet/);
    fireEvent.click(screen.getByRole('button', { name: /Paste an example/ }));
    expect(q('[data-print-status]')!.textContent).toMatch(/^Read LlamaForCausalLM/);
    expect(q('[data-summary]')!.textContent).toMatch(/your LlamaForCausalLM on 8 ×/);
    await ranked();
    fireEvent.change(screen.getByLabelText('The output of print(model)'), {
      target: { value: 'Linear(in_features=3, out_features=4)' },
    });
    expect(q('[data-print-status]')!.textContent).toMatch(/^Could not read this text/);
    expect(screen.getByRole('alert').textContent).toMatch(/not a decoder the engine can read/);
  });

  it('says a cluster that is not whole nodes cannot be ranked', () => {
    render(<ParallelPlanner deps={fakeDeps()} {...SMALL} gpus={12} />);
    expect(screen.getByRole('alert').textContent).toMatch(
      /12 GPUs are not a whole number of nodes of 8/,
    );
    expect(q('[data-rank-status]')!.textContent).toMatch(/^Nothing to rank: 12 GPUs/);
  });
});
