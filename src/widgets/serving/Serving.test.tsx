// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import Serving from './Serving';
import { fakeDeps } from './testing/deps';
import { TRTLLM_OUTPUT, VLLM_OUTPUT } from './testing/bench-texts';

const root = () => document.querySelector<HTMLElement>('[data-widget="serving"]')!;
const q = (selector: string) => root().querySelector<HTMLElement>(selector);

/** Runs the debounced URL write and returns the hash's query, decoded. */
function flushUrl(): string {
  act(() => vi.advanceTimersByTime(400));
  return decodeURIComponent(window.location.hash.split('?')[1] ?? '');
}

describe('Serving', () => {
  beforeEach(() => {
    window.location.hash = '#/lesson/serving';
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '#');
  });

  it('shows memory, the scheduler, the sweep with its knee and the levers, all labelled modeled', () => {
    render(<Serving deps={fakeDeps()} />);
    expect(root().dataset.status).toBe('done');
    expect(q('[data-summary]')!.textContent).toMatch(
      /^modeled Llama 3.1 8B on one NVIDIA H100 SXM.*, weights in bf16, the KV cache in bf16, 32 clients sending back to back/,
    );
    for (const part of ['weights', 'kv', 'activations', 'reserve']) {
      expect(q(`svg rect[data-part="${part}"]`), part).not.toBeNull();
    }
    expect(q('[data-fit-summary]')!.textContent).toMatch(
      /^[\d,]+ requests of 1,536 tokens fit at once: the KV cache holds [\d,]+ tokens in [\d,]+ pages of 32/,
    );
    expect(root().querySelectorAll('[data-scheduler] rect[data-phase]').length).toBeGreaterThan(24);
    expect(q('[data-step-text]')!.textContent).toMatch(/^Step 1, record 1 of \d+: at 0 s/);
    const knee = Number(q('[data-knee]')!.getAttribute('data-knee'));
    expect(knee).toBeGreaterThan(1);
    expect(q('tr[data-knee-row]')!.getAttribute('data-concurrency')).toBe(String(knee));
    expect(q('[data-knee-text]')!.textContent).toMatch(
      /^The knee \(the fewest clients reaching 90 % of the plateau/,
    );
    expect(root().querySelectorAll('[data-levers-table] tbody tr')).toHaveLength(5);
    // Every panel says its figures are modeled.
    for (const panel of [
      '[data-memory-panel]',
      '[data-scheduler]',
      '[data-sweep]',
      '[data-levers]',
    ]) {
      expect(q(`${panel} h4 .tag-modeled`), panel).not.toBeNull();
    }
  });

  it('moves the scheduler’s scrubber with its value, says the step, and writes it to the link', () => {
    vi.useFakeTimers();
    render(<Serving deps={fakeDeps()} />);
    const scrubber = screen.getByRole('slider', { name: 'Scheduler step' });
    fireEvent.change(scrubber, { target: { value: '3' } });
    expect(q('[data-step-text]')!.textContent).toMatch(
      /record 4 of \d+: at [\d.]+ m?s, .* per step; \d+ requests? decoding, .*cache pages in use\.$/,
    );
    expect(scrubber.getAttribute('aria-valuetext')).toMatch(/^record 4 of \d+, at /);
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(q('[data-step-text]')!.textContent).toMatch(/record 5 of/);
    expect(flushUrl()).toBe('serving.step=4');
  });

  it('says why a spec does not hold together, and why a model does not fit, never blank', () => {
    const { unmount } = render(<Serving deps={fakeDeps()} model="custom" />);
    fireEvent.change(screen.getByLabelText('Attention heads'), { target: { value: '7' } });
    expect(q('[data-problem="model"]')!.textContent).toMatch(
      /decoder heads \(7\) must divide hidden \(4096\)/,
    );
    expect(root().dataset.status).toBe('error');
    unmount();
    render(<Serving deps={fakeDeps()} model="llama3.1-405b" />);
    expect(q('[data-problem="fit"]')!.textContent).toMatch(
      /Llama 3.1 405B does not fit on one NVIDIA H100 SXM/,
    );
    // The memory bar is still drawn, past the GPU's line.
    expect(q('[data-memory-panel] svg rect[data-part="weights"]')).not.toBeNull();
  });

  it('reads a pasted print(model), saying what it assumed', () => {
    render(<Serving deps={fakeDeps()} model="print" />);
    expect(q('[data-problem="awaiting"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Paste an example: Llama 3.1 8B' }));
    expect(q('[data-print-status]')!.textContent).toBe(
      'Read LlamaForCausalLM: the prediction below uses the decoder it found.',
    );
    expect(q('[data-print-notes]')!.textContent).toMatch(/Head size 128 assumed/);
    expect(q('[data-summary]')!.textContent).toMatch(/your LlamaForCausalLM/);
    fireEvent.change(screen.getByLabelText('The output of print(model)'), {
      target: { value: 'BertModel(\n  (pooler): BertPooler()\n)' },
    });
    expect(q('[data-print-status]')!.textContent).toMatch(
      /^Could not read this text: BertModel is not a decoder/,
    );
    expect(q('[data-problem="model"]')).not.toBeNull();
  });

  it('sets a pasted vllm bench serve beside the prediction, measured and modeled, and takes its workload', () => {
    vi.useFakeTimers();
    render(<Serving deps={fakeDeps()} />);
    const box = screen.getByLabelText('Output of vllm bench serve or trtllm-bench throughput');
    fireEvent.change(box, { target: { value: 'hello' } });
    expect(q('[data-bench-status]')!.textContent).toMatch(
      /^This does not look like the output of vllm bench serve/,
    );
    fireEvent.change(box, { target: { value: VLLM_OUTPUT.replace(/^Mean TPOT.*\n/m, '') } });
    expect(q('[data-bench-status]')!.textContent).toMatch(/"Mean TPOT \(ms\):"/);
    fireEvent.change(box, { target: { value: VLLM_OUTPUT } });
    const table = q('[data-bench-table]')!;
    expect(within(table).getAllByText('measured')).toHaveLength(1);
    expect(within(table).getAllByText('modeled')).toHaveLength(1);
    expect(q('tr[data-figure="throughput"] td[data-measured]')!.textContent).toBe('4,000');
    expect(
      Number(q('tr[data-figure="tpot"] td[data-modeled]')!.getAttribute('data-modeled')),
    ).toBeGreaterThan(0);
    fireEvent.click(
      screen.getByRole('button', { name: 'Use these lengths and concurrency above' }),
    );
    expect(flushUrl()).toBe('serving.conc=64');
    fireEvent.change(box, { target: { value: TRTLLM_OUTPUT } });
    fireEvent.click(
      screen.getByRole('button', { name: 'Use these lengths and concurrency above' }),
    );
    expect(flushUrl()).toBe('serving.in=128&serving.out=128&serving.load=max&serving.conc=64');
  });
});
