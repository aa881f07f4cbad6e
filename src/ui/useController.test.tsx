// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WidgetController } from '../store/widget-controller';
import { useController } from './useController';

/** A controller that animates until its position reaches 3 frames. */
class Animated extends WidgetController<{ frame: number; moving: boolean }> {
  disposed = 0;
  constructor() {
    super({ frame: 0, moving: false });
  }
  start(): void {
    this.patchState({ moving: true });
  }
  isAnimating(): boolean {
    return this.getState().moving;
  }
  tick(): void {
    const frame = this.getState().frame + 1;
    this.patchState({ frame, moving: frame < 3 });
  }
  override dispose(): void {
    this.disposed++;
  }
}

let controller: Animated | undefined;
function View() {
  const [c, state] = useController(() => new Animated());
  controller = c;
  return <p>frame {state.frame}</p>;
}

describe('useController', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders the state, ticks on animation frames while animating, disposes on unmount', () => {
    const frames = new Map<number, FrameRequestCallback>();
    let nextId = 1;
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
      frames.set(nextId, cb);
      return nextId++;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    const runFrame = (): void => {
      const [id, cb] = [...frames][0]!;
      frames.delete(id);
      act(() => cb(0));
    };
    const view = render(<View />);
    expect(view.container.textContent).toBe('frame 0');
    expect(frames.size).toBe(0); // nothing moves yet
    act(() => controller!.start());
    for (let i = 0; i < 10 && frames.size > 0; i++) runFrame();
    expect(view.container.textContent).toBe('frame 3');
    expect(frames.size).toBe(0); // the loop stopped when the controller did
    expect(controller!.isAnimating()).toBe(false);
    const made = controller!;
    view.unmount();
    expect(made.disposed).toBe(1);
  });
});
