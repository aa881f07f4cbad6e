import { useEffect, useState, useSyncExternalStore } from 'react';
import { RaceController } from './controller';
import type { RaceDeps, RaceState } from './race-types';

/**
 * Creates one RaceController for the component's lifetime, follows its state, and drives the
 * modeled lanes' playback with animation frames while it runs. Cancels the race on unmount.
 */
export function useRaceController(makeDeps: () => RaceDeps): [RaceController, RaceState] {
  const [controller] = useState(() => new RaceController(makeDeps()));
  const state = useSyncExternalStore(
    (cb) => controller.subscribe(cb),
    () => controller.getState(),
  );

  const playing = state.status === 'running' || controller.isPlaying();
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const step = () => {
      controller.tick();
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [controller, playing]);

  useEffect(() => () => controller.cancel(), [controller]);
  return [controller, state];
}
