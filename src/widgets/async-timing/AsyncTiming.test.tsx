// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AsyncTiming } from './AsyncTiming';
import { fakeTimingDeps } from './test-deps';

beforeEach(() => {
  window.location.hash = '#/lesson/measuring';
});
afterEach(() => {
  window.history.replaceState(null, '', '#');
});

/** Presses Run and lets the fake runs finish. */
async function runIt(): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Run on my GPU' }));
  });
}

/** The warm median shown for a clock, from its data attribute. */
function median(clock: string): number {
  const cell = document.querySelector(`[data-clock="${clock}"] [data-median-seconds]`);
  return Number(cell?.getAttribute('data-median-seconds'));
}

describe('the async timing demo', () => {
  it('shows the PyTorch twins before any run, each with its verdict', () => {
    render(<AsyncTiming deps={fakeTimingDeps().deps} />);
    const twins = [...document.querySelectorAll('[data-twin]')];
    expect(twins.map((t) => t.getAttribute('data-twin'))).toEqual([
      'naive',
      'completion',
      'gpu',
      'timer',
    ]);
    expect(twins[0]?.textContent).toMatch(/measures the queueing.*time\.perf_counter\(\)/s);
    expect(twins[1]?.textContent).toMatch(/torch\.cuda\.synchronize\(\)/);
    expect(twins[2]?.textContent).toMatch(
      /torch\.cuda\.Event\(enable_timing=True\).*elapsed_time/s,
    );
    expect(twins[3]?.textContent).toMatch(/blocked_autorange/);
    expect(document.querySelector('[data-clock-table]')).toBeNull();
  });

  it('runs, then shows three clocks with the naive one shortest, first and warm runs, and findings', async () => {
    render(<AsyncTiming deps={fakeTimingDeps().deps} />);
    await runIt();
    const section = document.querySelector('[data-widget="async-timing"]');
    expect(section?.getAttribute('data-status')).toBe('done');
    expect(median('naive')).toBeLessThan(median('gpu'));
    expect(median('gpu')).toBeLessThan(median('completion'));
    expect(document.querySelectorAll('[data-run="first"]')).toHaveLength(1);
    expect(document.querySelectorAll('[data-run="warm"]')).toHaveLength(5);
    expect(document.querySelector('[data-finding="naive"]')?.textContent).toMatch(/shorter than/);
    // The twin shows the figure its row measured.
    expect(
      Number(
        document
          .querySelector('[data-twin="naive"] [data-twin-seconds]')
          ?.getAttribute('data-twin-seconds'),
      ),
    ).toBe(median('naive'));
    // Ready for another run: Run says so and works, Cancel does not.
    const button = (action: string) =>
      section?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
    expect([
      button('run')?.textContent,
      button('run')?.disabled,
      button('cancel')?.disabled,
    ]).toEqual(['Run again', false, true]);
  });

  it('says what differs on a software adapter, and labels its numbers measured', async () => {
    render(<AsyncTiming deps={fakeTimingDeps({ fallback: true }).deps} />);
    await runIt();
    const note = document.querySelector('[data-fallback-note]')?.textContent ?? '';
    expect(note).toMatch(/^measured This is a software \(fallback\) adapter/);
    expect(note).toMatch(/CPU running an emulator/);
    expect(document.querySelector('[data-adapter]')?.getAttribute('data-fallback')).toBe('true');
  });

  it('says plainly when there are no GPU timestamps', async () => {
    render(<AsyncTiming deps={fakeTimingDeps({ timestamps: 'adapter-lacks' }).deps} />);
    await runIt();
    expect(document.querySelector('[data-adapter]')?.textContent).toMatch(/no GPU timestamps/);
    expect(document.querySelector('[data-clock="gpu"]')?.textContent).toMatch(
      /this adapter has no timestamp-query/,
    );
    expect(document.querySelector('[data-finding="gpu"]')?.textContent).toMatch(
      /No GPU clock here/,
    );
  });

  it('explains a browser without WebGPU and still shows the PyTorch side', () => {
    render(<AsyncTiming deps={fakeTimingDeps({ webgpu: false }).deps} />);
    expect(document.querySelector('[data-unavailable]')?.textContent).toMatch(/has no WebGPU/);
    expect(document.querySelectorAll('[data-twin]')).toHaveLength(4);
  });

  it('takes settings from the lesson and the link, and sends the size to the run', async () => {
    const { deps, sizes } = fakeTimingDeps();
    render(<AsyncTiming deps={deps} size="128" warmRuns={3} />);
    expect((screen.getByLabelText('Matrix size') as HTMLSelectElement).value).toBe('128');
    fireEvent.change(screen.getByLabelText('Warm runs'), { target: { value: '4' } });
    await runIt();
    expect(sizes).toEqual([128]);
    expect(document.querySelectorAll('[data-run="warm"]')).toHaveLength(4);
  });
});
