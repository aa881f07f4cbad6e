/**
 * torch.amp.GradScaler("cuda") as a state machine the learner steps through, one call at a
 * time: autocast forward, scaler.scale(loss), backward, scaler.unscale_(optimizer) (which also
 * looks for inf/NaN), scaler.step(optimizer) (skipped when it found one) and scaler.update().
 * update() follows PyTorch's _amp_update_scale_: on inf/NaN the scale is multiplied by
 * backoff_factor and the count of good steps restarts; otherwise the count grows, and when it
 * reaches growth_interval the scale is multiplied by growth_factor (unless that would overflow
 * fp32) and the count restarts. Pure.
 */

/** The scaler's constructor arguments. */
export interface ScalerConfig {
  initScale: number;
  growthFactor: number;
  backoffFactor: number;
  growthInterval: number;
}

/** PyTorch's defaults: init_scale=2.**16, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000. */
export const GRAD_SCALER_DEFAULTS: ScalerConfig = {
  initScale: 2 ** 16,
  growthFactor: 2,
  backoffFactor: 0.5,
  growthInterval: 2000,
};

/** The calls of one training iteration, in order. */
export const SCALER_PHASES = ['forward', 'scale', 'backward', 'unscale', 'step', 'update'] as const;

/** One call of the iteration. */
export type ScalerPhase = (typeof SCALER_PHASES)[number];

/** Largest finite fp16 value and where fp16 rounding overflows to inf. */
const FP16_OVERFLOW_AT = 65_520;
const FP32_MAX = 3.4028234663852886e38;

/** One line of the log: which iteration, which call, what happened. */
export interface ScalerEvent {
  iteration: number;
  phase: ScalerPhase;
  text: string;
}

/** Everything the loop shows. */
export interface ScalerState {
  config: ScalerConfig;
  /** The iteration in progress (1-based). */
  iteration: number;
  /** The next call to run. */
  next: ScalerPhase;
  scale: number;
  /** Good steps since the last growth or backoff (PyTorch's _growth_tracker). */
  growthTracker: number;
  /** The learner asked the next backward pass to overflow. */
  injectOverflow: boolean;
  /** This iteration's largest |gradient| before scaling. */
  largestGradient: number;
  /** Whether this iteration's backward produced inf/NaN; null before backward. */
  overflowed: boolean | null;
  /** What unscale_ found; null before it ran. */
  foundInf: boolean | null;
  optimizerSteps: number;
  skippedSteps: number;
  /** Most recent events first, at most LOG_LENGTH. */
  log: ScalerEvent[];
}

/** Events kept in the log. */
export const LOG_LENGTH = 8;

/** The largest gradient of an iteration: about 1e-2, varying from step to step (seeded). */
export function largestGradientAt(iteration: number): number {
  const hash = Math.imul(iteration ^ 0x5bd1e995, 0x27d4eb2d) >>> 0;
  return 0.01 * (0.6 + 0.8 * (hash / 2 ** 32));
}

/** A fresh scaler, before the first call. */
export function initialScaler(config: ScalerConfig = GRAD_SCALER_DEFAULTS): ScalerState {
  return {
    config,
    iteration: 1,
    next: 'forward',
    scale: config.initScale,
    growthTracker: 0,
    injectOverflow: false,
    largestGradient: largestGradientAt(1),
    overflowed: null,
    foundInf: null,
    optimizerSteps: 0,
    skippedSteps: 0,
    log: [],
  };
}

function withEvent(state: ScalerState, phase: ScalerPhase, text: string): ScalerEvent[] {
  return [{ iteration: state.iteration, phase, text }, ...state.log].slice(0, LOG_LENGTH);
}

/** The scale after update(), and the growth tracker, as PyTorch computes them. */
export function updatedScale(
  config: ScalerConfig,
  scale: number,
  tracker: number,
  foundInf: boolean,
): { scale: number; tracker: number } {
  if (foundInf) return { scale: scale * config.backoffFactor, tracker: 0 };
  const successful = tracker + 1;
  if (successful < config.growthInterval) return { scale, tracker: successful };
  const grown = Math.fround(scale * config.growthFactor);
  return { scale: grown <= FP32_MAX ? grown : scale, tracker: 0 };
}

/** Runs the next call and returns the new state. */
export function advance(state: ScalerState): ScalerState {
  const s = state;
  const phaseIndex = SCALER_PHASES.indexOf(s.next);
  const next = SCALER_PHASES[(phaseIndex + 1) % SCALER_PHASES.length]!;
  switch (s.next) {
    case 'forward':
      return {
        ...s,
        next,
        log: withEvent(s, 'forward', 'Forward pass under autocast; the loss comes out in float32.'),
      };
    case 'scale':
      return {
        ...s,
        next,
        log: withEvent(s, 'scale', `scaler.scale(loss): the loss is multiplied by ${s.scale}.`),
      };
    case 'backward': {
      const overflowed = s.injectOverflow || s.largestGradient * s.scale >= FP16_OVERFLOW_AT;
      const text = overflowed
        ? s.injectOverflow
          ? 'backward(): an injected bad batch made an fp16 gradient inf.'
          : `backward(): ${s.largestGradient.toExponential(2)} × ${s.scale} is past 65504, so an fp16 gradient became inf.`
        : `backward(): gradients come out scaled; the largest is ${(s.largestGradient * s.scale).toPrecision(4)}.`;
      return { ...s, next, overflowed, injectOverflow: false, log: withEvent(s, 'backward', text) };
    }
    case 'unscale': {
      const foundInf = s.overflowed === true;
      const text = foundInf
        ? `scaler.unscale_(optimizer): gradients × 1/${s.scale}; found inf/NaN.`
        : `scaler.unscale_(optimizer): gradients × 1/${s.scale}; all finite.`;
      return { ...s, next, foundInf, log: withEvent(s, 'unscale', text) };
    }
    case 'step':
      return s.foundInf
        ? {
            ...s,
            next,
            skippedSteps: s.skippedSteps + 1,
            log: withEvent(
              s,
              'step',
              'scaler.step(optimizer): inf/NaN found, optimizer.step() is skipped; the weights stay as they were.',
            ),
          }
        : {
            ...s,
            next,
            optimizerSteps: s.optimizerSteps + 1,
            log: withEvent(
              s,
              'step',
              'scaler.step(optimizer): optimizer.step() runs with the unscaled gradients.',
            ),
          };
    case 'update': {
      const { scale, tracker } = updatedScale(
        s.config,
        s.scale,
        s.growthTracker,
        s.foundInf === true,
      );
      const text =
        scale < s.scale
          ? `scaler.update(): scale × ${s.config.backoffFactor} → ${scale}; good-step count back to 0.`
          : scale > s.scale
            ? `scaler.update(): ${s.config.growthInterval} good steps in a row, scale × ${s.config.growthFactor} → ${scale}.`
            : `scaler.update(): ${tracker} of ${s.config.growthInterval} good steps toward growing the scale.`;
      const iteration = s.iteration + 1;
      return {
        ...s,
        next,
        scale,
        growthTracker: tracker,
        iteration,
        largestGradient: largestGradientAt(iteration),
        overflowed: null,
        foundInf: null,
        log: withEvent(s, 'update', text),
      };
    }
  }
}

/** Runs calls until `iterations` more iterations have ended (finishing the current one first). */
export function runIterations(state: ScalerState, iterations: number): ScalerState {
  let s = state;
  const target = s.iteration + Math.max(0, Math.floor(iterations));
  while (s.iteration < target) s = advance(s);
  return s;
}

/** Runs whole iterations until the scale changes, or `limit` iterations have passed. */
export function runUntilScaleChanges(state: ScalerState, limit = 100_000): ScalerState {
  let s = state;
  const start = s.scale;
  const stop = s.iteration + limit;
  while (s.iteration < stop) {
    s = advance(s);
    if (s.next === 'forward' && s.scale !== start) break;
  }
  return s;
}

/**
 * Makes the next backward pass overflow, as a bad batch would: this iteration's if its backward
 * has not run yet, else the next one's.
 */
export function injectOverflow(state: ScalerState): ScalerState {
  return { ...state, injectOverflow: true };
}
