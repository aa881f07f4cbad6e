import { useSyncExternalStore } from 'react';
import { useTypedNumber } from '../../ui/useTypedNumber';
import type { ScalerPhase } from './grad-scaler';
import type { ScalerController } from './scaler-controller';
import './precision.css';
import './scaler-loop.css';

/** Props of the loop. */
export interface ScalerLoopProps {
  scaler: ScalerController;
  growthInterval: number;
  onGrowthInterval(interval: number): void;
}

/** The training loop's lines, each with the call it stands for. */
const LINES: ReadonlyArray<{ code: string; phase?: ScalerPhase }> = [
  { code: 'scaler = torch.amp.GradScaler("cuda")' },
  { code: 'for x, y in loader:' },
  { code: '    optimizer.zero_grad()' },
  { code: '    with torch.autocast(device_type="cuda", dtype=torch.float16):' },
  { code: '        loss = loss_fn(model(x), y)', phase: 'forward' },
  { code: '    scaled = scaler.scale(loss)', phase: 'scale' },
  { code: '    scaled.backward()', phase: 'backward' },
  { code: '    scaler.unscale_(optimizer)  # finds inf/NaN', phase: 'unscale' },
  { code: '    scaler.step(optimizer)      # skipped on inf/NaN', phase: 'step' },
  { code: '    scaler.update()', phase: 'update' },
];

const NEXT_LABELS: Record<ScalerPhase, string> = {
  forward: 'Run the forward pass',
  scale: 'Run scaler.scale(loss)',
  backward: 'Run backward()',
  unscale: 'Run scaler.unscale_()',
  step: 'Run scaler.step()',
  update: 'Run scaler.update()',
};

/**
 * GradScaler's loop, stepped by hand: the line about to run is marked, every call says what it
 * did, and the scale, the good-step count and the skipped steps are shown as they change.
 */
export function ScalerLoop({ scaler, growthInterval, onGrowthInterval }: ScalerLoopProps) {
  const state = useSyncExternalStore(
    (listener) => scaler.subscribe(listener),
    () => scaler.getState(),
  );
  const interval = useTypedNumber({
    value: growthInterval,
    valid: (text) => /^\d{1,5}$/.test(text) && Number(text) >= 1 && Number(text) <= 10_000,
    onValue: onGrowthInterval,
  });

  return (
    <section className="scaler-loop" aria-label="GradScaler loop" data-scaler>
      <h4>GradScaler, one call at a time</h4>
      <p>
        PyTorch&apos;s defaults: <code>init_scale=2.**16</code>, <code>growth_factor=2.0</code>,{' '}
        <code>backoff_factor=0.5</code>, <code>growth_interval=2000</code>. The largest gradient
        here is about 1e-2, so the scale can grow until that times the scale passes 65504.
      </p>
      <ol className="scaler-code" aria-label="The training loop">
        {LINES.map((line) => (
          <li
            key={line.code}
            aria-current={line.phase === state.next ? 'step' : undefined}
            className={line.phase === state.next ? 'is-next' : undefined}
          >
            <code>{line.code}</code>
          </li>
        ))}
      </ol>
      <dl className="scaler-status" data-scaler-status>
        <div>
          <dt>Iteration</dt>
          <dd data-iteration>{state.iteration.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Scale</dt>
          <dd data-scale>
            {state.scale.toLocaleString('en-US')} (2^{Math.log2(state.scale)})
          </dd>
        </div>
        <div>
          <dt>Good steps toward growth</dt>
          <dd>
            {state.growthTracker.toLocaleString('en-US')} of{' '}
            {state.config.growthInterval.toLocaleString('en-US')}
          </dd>
        </div>
        <div>
          <dt>optimizer.step() ran / skipped</dt>
          <dd data-steps>
            {state.optimizerSteps.toLocaleString('en-US')} /{' '}
            {state.skippedSteps.toLocaleString('en-US')}
          </dd>
        </div>
      </dl>
      <div className="scaler-actions">
        <button type="button" className="primary" onClick={() => scaler.next()} data-action="next">
          {NEXT_LABELS[state.next]}
        </button>
        <button type="button" onClick={() => scaler.runIterations(1)}>
          Finish the iteration
        </button>
        <button type="button" onClick={() => scaler.runIterations(100)}>
          Run 100 iterations
        </button>
        <button
          type="button"
          onClick={() => scaler.runUntilScaleChanges()}
          data-action="until-change"
        >
          Run until the scale changes
        </button>
        <button
          type="button"
          onClick={() => scaler.injectOverflow()}
          disabled={state.injectOverflow}
          data-action="inject"
        >
          {state.injectOverflow ? 'Overflow coming in backward()' : 'Inject an overflow'}
        </button>
      </div>
      <div className="scaler-interval">
        <label htmlFor={interval.id}>
          <code>growth_interval</code>
        </label>
        <input {...interval.inputProps} aria-describedby={`${interval.id}-hint`} />
        <button type="button" onClick={() => scaler.reset(growthInterval)}>
          Start over
        </button>
        <span
          id={`${interval.id}-hint`}
          className={interval.ok ? 'precision-hint' : 'precision-input-error'}
        >
          {interval.ok
            ? 'A smaller interval shows growth sooner; changing it starts over.'
            : 'growth_interval must be a whole number from 1 to 10,000.'}
        </span>
      </div>
      <ol
        className="scaler-log"
        aria-live="polite"
        aria-label="What the last calls did"
        data-scaler-log
      >
        {state.log.map((event, i) => (
          <li key={`${event.iteration}-${event.phase}-${i}`}>
            <span className="scaler-log-at">#{event.iteration}</span> {event.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
