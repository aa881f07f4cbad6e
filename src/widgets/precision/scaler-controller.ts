/**
 * The GradScaler loop's controller: the pure state machine of grad-scaler.ts in a store, with
 * one method per button. Nothing outside the page is touched, so it needs no dependencies.
 */
import { WidgetController } from '../../store/widget-controller';
import {
  advance,
  GRAD_SCALER_DEFAULTS,
  initialScaler,
  injectOverflow,
  runIterations,
  runUntilScaleChanges,
  type ScalerState,
} from './grad-scaler';

/** Steps the GradScaler loop for the view. */
export class ScalerController extends WidgetController<ScalerState> {
  constructor(growthInterval: number = GRAD_SCALER_DEFAULTS.growthInterval) {
    super(initialScaler({ ...GRAD_SCALER_DEFAULTS, growthInterval }));
  }

  /** Runs the next call (forward, scale, backward, unscale_, step or update). */
  next(): void {
    this.replaceState(advance(this.getState()));
  }

  /** Finishes the current iteration and runs `count` - 1 more. */
  runIterations(count: number): void {
    this.replaceState(runIterations(this.getState(), count));
  }

  /** Runs whole iterations until update() changes the scale. */
  runUntilScaleChanges(): void {
    this.replaceState(runUntilScaleChanges(this.getState()));
  }

  /** Makes the next backward pass overflow. */
  injectOverflow(): void {
    this.replaceState(injectOverflow(this.getState()));
  }

  /** Starts again with a new growth_interval (the other arguments keep PyTorch's defaults). */
  reset(growthInterval: number): void {
    this.replaceState(initialScaler({ ...GRAD_SCALER_DEFAULTS, growthInterval }));
  }
}
