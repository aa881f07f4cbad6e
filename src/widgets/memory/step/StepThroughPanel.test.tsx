// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { StepThroughPanel } from './StepThroughPanel';
import { MLP } from './testing/setups';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The event slider. */
function slider(): HTMLInputElement {
  return screen.getByRole('slider', { name: 'Event' });
}

/** A button by name. */
function button(name: RegExp): HTMLButtonElement {
  return screen.getByRole('button', { name });
}

/** The text of a counter. */
function counter(name: 'allocated' | 'peak' | 'reserved'): string {
  return document.querySelector(`[data-counter="${name}"]`)?.textContent ?? '';
}

/** The loop line marked current. */
function currentLine(): string {
  return document.querySelector('[aria-current="step"]')?.getAttribute('data-line') ?? '';
}

describe('<StepThroughPanel />', () => {
  it('starts at the weights, then steps event by event and line by line', () => {
    render(<StepThroughPanel request={MLP} />);
    expect(currentLine()).toBe('model');
    expect(counter('allocated')).toBe('2.56 MiB');
    expect(counter('reserved')).toBe('22 MiB');
    fireEvent.click(screen.getByRole('button', { name: /Next line/ }));
    expect(currentLine()).toBe('optimizer');
    fireEvent.click(screen.getByRole('button', { name: /Next line/ }));
    expect(currentLine()).toBe('forward');
    expect(slider().value).toBe('2');
    expect(slider().getAttribute('aria-valuetext')).toBe('event 3 of 34, iteration 1: forward fc1');
    fireEvent.click(screen.getByRole('button', { name: /Next event/ }));
    expect(document.querySelector('[data-event]')?.textContent).toMatch(/forward relu1/);
    fireEvent.click(screen.getByRole('button', { name: /Previous event/ }));
    expect(slider().value).toBe('2');
    expect(button(/Previous event/).disabled).toBe(false);
  });

  it('moves with the slider and shows the counters in a live region', () => {
    render(<StepThroughPanel request={MLP} />);
    const last = Number(slider().max);
    fireEvent.change(slider(), { target: { value: String(last) } });
    expect(currentLine()).toBe('log-loss');
    const region = document.querySelector('[data-counters]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(within(region as HTMLElement).getByText('max_memory_allocated()')).toBeTruthy();
    expect(button(/Next event/).disabled).toBe(true);
  });

  it('changes the loop and its numbers when a habit is switched', () => {
    render(<StepThroughPanel request={MLP} />);
    const before = slider().max;
    fireEvent.click(screen.getByLabelText(/empty_cache\(\)/));
    expect(document.querySelector('[data-line="empty-cache"]')?.textContent).toBe(
      'torch.cuda.empty_cache()',
    );
    expect(Number(slider().max)).toBe(Number(before) + 2);
    fireEvent.click(screen.getByLabelText(/Forget/));
    expect(document.querySelector('[data-line="zero-grad"]')?.textContent).toMatch(/forgotten/);
    fireEvent.change(slider(), { target: { value: slider().max } });
    // With the gradients kept, the peak is the engine's estimate within its tolerance.
    expect(document.querySelector('[data-engine-note]')?.getAttribute('data-engine-note')).toBe(
      'agrees',
    );
  });

  it('shows the allocator: pools, what empty_cache() returns and the chart as a table', () => {
    render(<StepThroughPanel request={MLP} />);
    expect(screen.getByRole('heading', { name: /Large pool/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Small pool/ })).toBeTruthy();
    expect(document.querySelector('[data-empty-cache]')?.textContent).toMatch(
      /would return 0 B to the driver/,
    );
    const bars = screen.getAllByRole('img', { name: /^Segment of/ });
    expect(bars.length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: /GPU memory after each event/ })).toBeTruthy();
    expect(screen.getAllByRole('row').length).toBeGreaterThan(10);
  });

  it('shows the engine’s message for a request it rejects', () => {
    render(<StepThroughPanel request={{ ...MLP, batch: 0 }} />);
    expect(screen.getByRole('alert').textContent).toMatch(/batch/);
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('points at the out-of-memory error and shows PyTorch’s message there', () => {
    render(
      <StepThroughPanel
        request={{
          model: 'llama2-7b',
          gpu: 'a100-sxm-80gb',
          batch: 1,
          seq: 512,
          precision: 'amp-bf16',
          optimizer: 'adamw',
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go to the error' }));
    expect(screen.getByRole('alert').textContent).toMatch(
      /torch\.OutOfMemoryError: CUDA out of memory/,
    );
    expect(currentLine()).toBe('step');
  });

  it('plays through the events, and with reduced motion jumps to the end instead', () => {
    vi.useFakeTimers();
    render(<StepThroughPanel request={MLP} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    act(() => vi.advanceTimersByTime(60 * 5));
    expect(Number(slider().value)).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => vi.advanceTimersByTime(600));
    expect(Number(slider().value)).toBe(5);
  });

  it('does not animate under prefers-reduced-motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    render(<StepThroughPanel request={MLP} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show the end' }));
    expect(slider().value).toBe(slider().max);
    expect(screen.getByText(/Reduced motion is on/)).toBeTruthy();
  });
});
