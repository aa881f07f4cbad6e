// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { useElementWidth } from './useElementWidth';

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(ref, 640);
  return <div ref={ref}>{`width ${widthPx}`}</div>;
}

const original = globalThis.ResizeObserver;
afterEach(() => {
  globalThis.ResizeObserver = original;
});

describe('useElementWidth', () => {
  it('gives the fallback where there is no layout and no ResizeObserver', () => {
    globalThis.ResizeObserver = undefined as unknown as typeof ResizeObserver;
    const { container } = render(<Probe />);
    expect(container.textContent).toBe('width 640');
  });

  it('follows the observed width in whole pixels, ignores zero, and stops when unmounted', () => {
    let callback: ResizeObserverCallback = () => undefined;
    let disconnected = false;
    globalThis.ResizeObserver = class {
      constructor(cb: ResizeObserverCallback) {
        callback = cb;
      }
      observe() {}
      unobserve() {}
      disconnect() {
        disconnected = true;
      }
    } as unknown as typeof ResizeObserver;
    const resize = (width: number) =>
      act(() =>
        callback(
          [{ contentRect: { width } } as ResizeObserverEntry],
          {} as unknown as ResizeObserver,
        ),
      );
    const { container, unmount } = render(<Probe />);
    resize(512.7);
    expect(container.textContent).toBe('width 512');
    resize(0);
    expect(container.textContent).toBe('width 512');
    unmount();
    expect(disconnected).toBe(true);
  });
});
