import { useEffect, useState, useSyncExternalStore } from 'react';
import { ExplorerController, type ExplorerDeps, type ExplorerState } from './controller';
import type { ExplorerConfig } from './config';

/**
 * Creates one ExplorerController for the component's lifetime, follows its state, and drives
 * playback and zoom with animation frames while anything moves. Disposes it on unmount.
 */
export function useExplorerController(
  makeDeps: () => ExplorerDeps,
  initial: Partial<Record<keyof ExplorerConfig, unknown>>,
): [ExplorerController, ExplorerState] {
  const [controller] = useState(() => new ExplorerController(makeDeps(), initial));
  const state = useSyncExternalStore(
    (cb) => controller.subscribe(cb),
    () => controller.getState(),
  );

  const animating = controller.isAnimating();
  useEffect(() => {
    if (!animating) return;
    let frame = 0;
    const step = () => {
      controller.tick();
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [controller, animating]);

  useEffect(() => () => controller.dispose(), [controller]);
  return [controller, state];
}
