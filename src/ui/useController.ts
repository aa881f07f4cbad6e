/**
 * The one hook that connects a widget view to its controller: creates the controller once for
 * the component's lifetime, follows its state, drives `tick()` on animation frames while the
 * controller says something is moving, and disposes it when the view goes away.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Observable } from '../store/widget-controller';

/** A controller a view can use: observable, disposable, optionally animated. */
export interface ViewController<S> extends Observable<S> {
  dispose(): void;
  /** Whether anything moves, so the view keeps asking for frames. */
  isAnimating?(): boolean;
  /** Advances animations to the current time; called once per frame while animating. */
  tick?(): void;
}

/** The controller made by `make` (once) and its current state. */
export function useController<C extends ViewController<unknown>>(
  make: () => C,
): [C, ReturnType<C['getState']>] {
  const [controller] = useState(make);
  const state = useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.getState() as ReturnType<C['getState']>,
  );
  const animating = controller.isAnimating?.() ?? false;
  useEffect(() => {
    if (!animating || !controller.tick) return;
    let frame = 0;
    const step = (): void => {
      controller.tick?.();
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [controller, animating]);
  useEffect(() => () => controller.dispose(), [controller]);
  return [controller, state];
}
