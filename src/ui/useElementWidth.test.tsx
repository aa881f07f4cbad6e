// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
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
    render(<Probe />);
    expect(screen.getByText('width 640')).toBeTruthy();
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
    const { unmount } = render(<Probe />);
    resize(512.7);
    expect(screen.getByText('width 512')).toBeTruthy();
    resize(0);
    expect(screen.getByText('width 512')).toBeTruthy();
    unmount();
    expect(disconnected).toBe(true);
  });
});
