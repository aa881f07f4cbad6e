/**
 * The wave playback as a pure state machine. `position` runs from 0 (nothing started) to
 * `waves` (every wave done); wave k occupies (k - 1, k]. Playing advances the position with
 * time, pausing freezes it, stepping finishes the current wave (or shows the next one), and
 * resetting goes back to 0.
 */

/** Where playback stands. */
export type PlaybackPhase = 'ready' | 'playing' | 'paused' | 'finished';

/** The playback state. */
export interface PlaybackState {
  phase: PlaybackPhase;
  /** Waves done so far, fractional while a wave runs; in [0, waves]. */
  position: number;
  waves: number;
}

/** What can happen to playback. */
export type PlaybackAction =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'step' }
  | { type: 'reset' }
  | { type: 'finish' }
  | { type: 'tick'; seconds: number; wavesPerSecond: number };

/** Fresh playback for a plan of `waves` waves (at least 1). */
export function initialPlayback(waves: number): PlaybackState {
  if (!Number.isInteger(waves) || waves < 1) {
    throw new RangeError(`waves must be a whole number >= 1, got ${String(waves)}`);
  }
  return { phase: 'ready', position: 0, waves };
}

/** The wave shown at `position`: 0 before the start, else the wave in progress or just done. */
export function shownWave(state: PlaybackState): number {
  return state.position <= 0 ? 0 : Math.min(state.waves, Math.ceil(state.position));
}

/** Share of the shown wave that is done, in [0, 1]. */
export function waveFraction(state: PlaybackState): number {
  if (state.position <= 0) return 0;
  const wave = shownWave(state);
  return Math.min(1, state.position - (wave - 1));
}

/** The next state after `action`. */
export function playbackReducer(state: PlaybackState, action: PlaybackAction): PlaybackState {
  switch (action.type) {
    case 'play':
      if (state.phase === 'playing') return state;
      // Playing again after the end starts over.
      return state.phase === 'finished'
        ? { ...state, phase: 'playing', position: 0 }
        : { ...state, phase: 'playing' };
    case 'pause':
      return state.phase === 'playing' ? { ...state, phase: 'paused' } : state;
    case 'step': {
      if (state.phase === 'finished') return state;
      const next = Math.min(state.waves, Math.floor(state.position) + 1);
      return { ...state, position: next, phase: next >= state.waves ? 'finished' : 'paused' };
    }
    case 'finish':
      return { ...state, position: state.waves, phase: 'finished' };
    case 'reset':
      return initialPlayback(state.waves);
    case 'tick': {
      if (state.phase !== 'playing') return state;
      const advance = Math.max(0, action.seconds) * Math.max(0, action.wavesPerSecond);
      const position = Math.min(state.waves, state.position + advance);
      return { ...state, position, phase: position >= state.waves ? 'finished' : 'playing' };
    }
  }
}

/** Longest and shortest playback of a whole run, in seconds of animation. */
export const PLAYBACK_SECONDS = { min: 1.5, max: 10, perWave: 0.5 } as const;

/** Seconds the whole run takes to play: half a second a wave, kept within 1.5 to 10 s. */
export function playbackSeconds(waves: number): number {
  return Math.min(
    PLAYBACK_SECONDS.max,
    Math.max(PLAYBACK_SECONDS.min, waves * PLAYBACK_SECONDS.perWave),
  );
}

/** Waves played per second of animation for a plan of `waves` waves. */
export function wavesPerSecond(waves: number): number {
  return waves / playbackSeconds(waves);
}
