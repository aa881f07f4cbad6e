// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { engineMemoryModel } from './browser-deps';
import MemorySimulator from './MemorySimulator';
import { onMemoryLessonPage } from './testing/lesson-page';
import { lazyPrintModelPort } from '../../ui/print-model/lazy-port';

const root = () => document.querySelector<HTMLElement>('[data-widget="memory"]')!;
const summary = () => document.querySelector('.memory-summary')?.textContent ?? '';

/** Runs the debounced URL write and returns the hash's query, decoded. */
function flushUrl(): string {
  act(() => vi.advanceTimersByTime(400));
  return decodeURIComponent(window.location.hash.split('?')[1] ?? '');
}

describe('MemorySimulator', () => {
  onMemoryLessonPage();

  it('shows a step that fits: the bar, its legend, the table, headroom and largest batch', () => {
    render(<MemorySimulator />);
    expect(root().dataset.status).toBe('done');
    expect(summary()).toMatch(
      /^Fits\. The step’s peak takes [\d.]+ GiB of the NVIDIA A100 SXM 80 GB’s 80 GiB \([\d.]+ %\), leaving [\d.]+ GiB of headroom\. The largest batch that fits with these settings is [\d,]+\./,
    );
    const bar = screen.getByRole('img', {
      name: /Peak memory of one step on the NVIDIA A100 SXM 80 GB/,
    });
    expect(bar.querySelectorAll('rect[data-part]').length).toBeGreaterThanOrEqual(6);
    expect(bar.querySelector('.memory-bar__capacity')).not.toBeNull();
    expect(bar.querySelector('.memory-bar__overflow')).toBeNull();
    const table = screen.getByRole('table', { name: /The peak of one step, part by part/ });
    // Activations: what they are, the largest layers, their size and share of the peak.
    expect(table.querySelector('tr[data-part-row="activations"]')?.textContent).toMatch(
      /^Activations.*Largest: layer1\.0\.bn3 \([\d.]+ MiB\).*[\d.]+ GiB[\d.]+ %$/,
    );
    expect(table.textContent).toContain('max_memory_allocated()');
    // AMP bf16 by default: autocast's 16-bit copies of the weights are a part of their own.
    expect(table.querySelector('tr[data-part-row="weight-copies"]')?.textContent).toMatch(
      /^AMP weight copies.*Autocast casts each matrix weight to a 16-bit copy/,
    );
    expect(screen.queryByRole('region', { name: 'Out of memory' })).toBeNull();
  });

  it('explains a part when its legend button is focused, and by hovering or tapping the bar', () => {
    render(<MemorySimulator />);
    const explain = () => document.querySelector('[data-explain]')?.textContent ?? '';
    // Said for a mouse and a touch screen alike.
    expect(explain()).toMatch(/^Hover over or tap a part of the bar/);
    const button = within(screen.getByRole('list', { name: 'Parts of the bar' })).getByRole(
      'button',
      { name: /Optimizer state/ },
    );
    act(() => button.focus());
    expect(explain()).toMatch(/^Optimizer state, [\d.]+ MiB: SGD with momentum keeps one fp32/);
    act(() => button.blur());
    fireEvent.mouseEnter(document.querySelector('rect[data-part="activations"]')!);
    expect(explain()).toMatch(/^Activations, .*Largest: /);
    fireEvent.mouseLeave(document.querySelector('rect[data-part="activations"]')!);
    // A tap is a click without a hover before it.
    fireEvent.click(document.querySelector('rect[data-part="weights"]')!);
    expect(explain()).toMatch(/^Parameters, /);
  });

  it('shows the out-of-memory error and ranked fixes, and applies one to the settings', () => {
    vi.useFakeTimers();
    render(
      <MemorySimulator network="llama2-7b" gpu="rtx-4090" optimizer="adam" batch={4} seq={1024} />,
    );
    expect(summary()).toMatch(
      /^Does not fit\. The step needs [\d.]+ GiB of the NVIDIA GeForce RTX 4090’s 24 GiB/,
    );
    expect(root().querySelector('.memory-bar__overflow')).not.toBeNull();
    const oom = screen.getByRole('region', { name: 'Out of memory' });
    expect(oom.querySelector('[data-oom-message]')?.textContent).toMatch(
      /^torch\.OutOfMemoryError: CUDA out of memory\. Tried to allocate .* GPU 0 has a total capacity of 24\.00 GiB/,
    );
    expect(oom.textContent).toMatch(/modeled equivalent/);
    const rows = [...document.querySelectorAll<HTMLElement>('tr[data-fix]')];
    // At 1,024 tokens Adam's second moment (27 GB) outweighs what checkpointing or a smaller
    // batch saves. Either of those brings the peak down to where every gradient is alive
    // (early in backward), and halving leaves slightly less; none fits alone, so all together
    // comes next, then a bigger GPU.
    expect(rows.map((r) => r.dataset.fix)).toEqual([
      'optimizer',
      'halve-batch',
      'checkpointing',
      'all',
      'gpu',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /^Apply: Halve the batch: 4 → 2$/ }));
    expect(flushUrl()).toContain('memory.batch=2');
    expect(summary()).toMatch(/^Does not fit/);
    expect(document.activeElement).toBe(document.querySelector('.memory-summary'));
  });

  it('marks precisions the GPU lacks and gives the engine’s reason when one is chosen', () => {
    render(<MemorySimulator gpu="t4" precision="amp-fp16" />);
    const precision = screen.getByLabelText('Precision') as HTMLSelectElement;
    const labels = [...precision.options].map((o) => o.textContent);
    expect(labels).toEqual([
      'fp32',
      'TF32 (not on this GPU)',
      'AMP fp16 (autocast)',
      'AMP bf16 (autocast) (not on this GPU)',
    ]);
    fireEvent.change(precision, { target: { value: 'amp-bf16' } });
    expect(root().dataset.status).toBe('error');
    expect(document.querySelector('[data-problem="precision"]')?.textContent).toBe(
      'This GPU cannot run this precision: gpu "t4" has no bf16 tensor cores (bfloat16 arrived with Ampere): its tensor cores run fp16, so use amp-fp16',
    );
    // The widget is still there around the message: its heading and its inputs.
    expect(screen.getByRole('heading', { name: 'GPU memory simulator' }).textContent).toBe(
      'GPU memory simulator',
    );
    expect(precision.value).toBe('amp-bf16');
  });

  it('builds a network from layers, shows the engine’s error beside the builder, and recovers', () => {
    render(<MemorySimulator network="custom" />);
    const builder = screen.getByRole('region', { name: 'Your own network' });
    expect(within(builder).getAllByRole('listitem')).toHaveLength(3);
    const outFeatures = within(builder).getAllByLabelText('Out features')[0]!;
    fireEvent.change(outFeatures, { target: { value: '0' } });
    expect(builder.querySelector('[data-builder-error]')?.textContent).toMatch(
      /^Layer 1 \(linear\): outFeatures must be a whole number from 1 to/,
    );
    expect(outFeatures.getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('[data-problem="layers"]')).not.toBeNull();
    fireEvent.change(outFeatures, { target: { value: '2048' } });
    expect(builder.querySelector('[data-builder-error]')?.textContent).toBe('');
    fireEvent.change(within(builder).getByLabelText('New layer'), {
      target: { value: 'attention' },
    });
    fireEvent.click(within(builder).getByRole('button', { name: 'Add layer' }));
    expect(within(builder).getAllByRole('listitem')).toHaveLength(4);
    fireEvent.click(within(builder).getByRole('button', { name: 'Move layer 4 (attention) up' }));
    const names = [...builder.querySelectorAll('.memory-layer-name')].map((n) => n.textContent);
    expect(names).toEqual(['1. linear', '2. activation', '3. attention', '4. linear']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move layer 3 (attention) up');
    expect(summary()).toMatch(/^Fits\./);
  });

  it('shows the phase and KV cache for a decoder at inference, and hides training inputs', () => {
    render(<MemorySimulator network="gpt2-124m" mode="inference" phase="decode" batch={16} />);
    expect(screen.getByLabelText('Inference phase')).toHaveProperty('value', 'decode');
    // Decoding reads a cache of the network's own length (GPT-2's 1,024 positions at most).
    const cached = screen.getByLabelText('Cached positions') as HTMLInputElement;
    expect([cached.value, cached.max]).toEqual(['1024', '1024']);
    expect(screen.queryByLabelText('Optimizer')).toBeNull();
    expect(screen.queryByLabelText('Gradient checkpointing')).toBeNull();
    expect(root().querySelector('rect[data-part="kv-cache"]')).not.toBeNull();
    expect(summary()).toMatch(/per generated token\.$/);
  });

  it('still answers when the allocation replay cannot name the failing tensor', () => {
    const engine = {
      ...engineMemoryModel,
      layerCosts: () => {
        throw new RangeError('no layers today');
      },
    };
    render(
      <MemorySimulator
        network="gpt2-1.5b"
        gpu="t4"
        precision="fp32"
        deps={{ engine, printModel: lazyPrintModelPort }}
      />,
    );
    expect(summary()).toMatch(/^Does not fit\./);
    const oom = screen.getByRole('region', { name: 'Out of memory' });
    expect(oom.querySelector('[data-oom-message]')).toBeNull();
    expect(oom.textContent).toMatch(/It is on the edge/);
    expect(document.querySelectorAll('tr[data-fix]').length).toBeGreaterThan(0);
  });
});
