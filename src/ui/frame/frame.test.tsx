// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { WidgetBoundary } from './WidgetBoundary';
import { WidgetRoot } from './WidgetRoot';
import { lazyWidget } from './lazyWidget';
import { TextPaintContext } from './text-paint';

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error('kernel exploded');
  return (
    <WidgetRoot widget={{ id: 'flaky', label: 'Flaky' }} status="done">
      fine now
    </WidgetRoot>
  );
}

describe('widget frame', () => {
  it('marks the root with data-widget and data-status', () => {
    render(
      <WidgetRoot widget={{ id: 'race', label: 'Race' }} status="running">
        x
      </WidgetRoot>,
    );
    const root = screen.getByRole('region', { name: 'Race' });
    expect(root.getAttribute('data-widget')).toBe('race');
    expect(root.getAttribute('data-status')).toBe('running');
    expect(root.getAttribute('aria-busy')).toBe('true');
  });

  it('contains a failing widget: message in its place, siblings still rendered, retry remounts', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    shouldThrow = true;
    const { container } = render(
      <div>
        <p>Text before</p>
        <WidgetBoundary id="flaky" label="Flaky widget">
          <Flaky />
        </WidgetBoundary>
        <p>Text after</p>
      </div>,
    );
    // The failed widget's message sits in its place, between the untouched siblings.
    const page = () =>
      [...(container.firstElementChild?.children ?? [])].map((el) =>
        el.tagName === 'P'
          ? el.textContent
          : `${el.getAttribute('data-widget')}:${el.getAttribute('data-status')}`,
      );
    expect(page()).toEqual(['Text before', 'flaky:error', 'Text after']);
    expect(screen.getByRole('alert').textContent).toMatch(
      /Flaky widget could not be shown.*kernel exploded/,
    );
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(page()).toEqual(['Text before', 'flaky:done', 'Text after']);
    expect(screen.getByRole('region', { name: 'Flaky' }).textContent).toBe('fine now');
    expect(screen.queryByRole('alert')).toBeNull();
    vi.restoreAllMocks();
  });

  it('shows a placeholder while a lazy widget loads and an error if loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let reject: (e: Error) => void = () => undefined;
    let requested = false;
    const Lazy = lazyWidget(
      () =>
        new Promise<{ default: () => null }>((_res, rej) => {
          requested = true;
          reject = rej;
        }),
      {
        id: 'slow',
        label: 'Slow widget',
        placeholderHeightPx: 300,
        narrowPlaceholderHeightPx: 450,
      },
    );
    render(<Lazy />);
    const placeholder = document.querySelector('[data-widget="slow"]') as HTMLElement;
    expect(placeholder.getAttribute('data-status')).toBe('idle');
    expect(placeholder.style.getPropertyValue('--placeholder-height')).toBe('300px');
    expect(placeholder.style.getPropertyValue('--placeholder-height-narrow')).toBe('450px');
    // The code is requested once the page has painted.
    await vi.waitFor(() => expect(requested).toBe(true));
    await act(async () => {
      reject(new Error('chunk failed to load'));
      await Promise.resolve();
    });
    await screen.findByRole('alert');
    expect(document.querySelector('[data-widget="slow"]')?.getAttribute('data-status')).toBe(
      'error',
    );
    vi.restoreAllMocks();
  });

  it("requests a widget's code only after the page around it has painted", () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const load = vi.fn(() => new Promise<{ default: () => null }>(() => undefined));
    const Lazy = lazyWidget(load, { id: 'late', label: 'Late widget', placeholderHeightPx: 100 });
    render(<Lazy />);
    expect(document.querySelector('[data-widget="late"]')?.textContent).toBe(
      'Loading Late widget…',
    );
    act(() => vi.runAllTimers());
    expect(load).not.toHaveBeenCalled(); // no frame painted yet
    act(() => frames.splice(0).forEach((cb) => cb(0)));
    expect(load).not.toHaveBeenCalled(); // the frame's paint comes after its callbacks
    act(() => vi.runAllTimers());
    expect(load).toHaveBeenCalledOnce();
    expect(document.querySelector('[data-widget="late"]')?.getAttribute('data-status')).toBe(
      'idle',
    );
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('on a lesson, waits for the lesson text to report its paint before requesting the code', async () => {
    let painted: () => void = () => undefined;
    const textPainted = new Promise<void>((resolve) => (painted = resolve));
    const load = vi.fn(() => new Promise<{ default: () => null }>(() => undefined));
    const Lazy = lazyWidget(load, {
      id: 'wait',
      label: 'Waiting widget',
      placeholderHeightPx: 100,
    });
    // Frames and timers are under the test's control, to run them all before the text paints.
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    try {
      render(
        <TextPaintContext.Provider value={textPainted}>
          <Lazy />
        </TextPaintContext.Provider>,
      );
      // Frames paint and timers fire (what lets a widget load where no text is awaited); the
      // text has not painted, so nothing is requested.
      for (let i = 0; i < 3; i++) {
        act(() => frames.splice(0).forEach((cb) => cb(0)));
        act(() => vi.runAllTimers());
      }
      await act(async () => {
        await vi.runAllTimersAsync();
      });
      expect(load).not.toHaveBeenCalled();
      await act(async () => {
        painted();
        await textPainted;
      });
      expect(load).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
