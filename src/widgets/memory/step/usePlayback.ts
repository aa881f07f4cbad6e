import { useEffect, useState } from 'react';
import { prefersReducedMotion } from '../../../ui/motion';

/** Milliseconds between two frames of playback. */
export const FRAME_MS = 60;
/** Frames a whole playback takes, whatever the number of events (about 12 s). */
export const PLAYBACK_FRAMES = 200;

/** The event index, playback state and the actions on them. */
export interface Playback {
  index: number;
  playing: boolean;
  reducedMotion: boolean;
  /** Moves to event `index` (clamped) and stops playing. */
  seek(index: number): void;
  /** Plays from here (from the start when at the end); with reduced motion, jumps to the end. */
  play(): void;
  pause(): void;
}

/**
 * Steps through `count` events: seek, play and pause. Playback moves a fixed share of the events
 * per frame, so a 7B model's few thousand events take as long as a small MLP's few dozen. With
 * prefers-reduced-motion nothing animates: play jumps to the last event.
 */
export function usePlayback(count: number): Playback {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [reducedMotion] = useState(prefersReducedMotion);
  const last = Math.max(0, count - 1);
  const at = Math.min(index, last);

  useEffect(() => {
    if (!playing) return;
    const stride = Math.max(1, Math.ceil(count / PLAYBACK_FRAMES));
    const timer = setInterval(() => {
      setIndex((i) => {
        const next = Math.min(i + stride, last);
        if (next >= last) setPlaying(false);
        return next;
      });
    }, FRAME_MS);
    return () => clearInterval(timer);
  }, [playing, count, last]);

  return {
    index: at,
    playing,
    reducedMotion,
    seek: (target) => {
      setPlaying(false);
      setIndex(Math.min(Math.max(0, Math.round(target)), last));
    },
    play: () => {
      if (reducedMotion) {
        setIndex(last);
        return;
      }
      if (at >= last) setIndex(0);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
  };
}
