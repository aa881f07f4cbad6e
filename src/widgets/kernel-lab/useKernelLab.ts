import { useEffect, useState, useSyncExternalStore } from 'react';
import { KernelLabController, type KernelLabDeps, type KernelLabState } from './controller';

/** One controller for the component's lifetime, its state, and a cancel on unmount. */
export function useKernelLab(deps: KernelLabDeps): [KernelLabController, KernelLabState] {
  const [controller] = useState(() => new KernelLabController(deps));
  const state = useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.getState(),
  );
  useEffect(() => () => controller.cancel(), [controller]);
  return [controller, state];
}
