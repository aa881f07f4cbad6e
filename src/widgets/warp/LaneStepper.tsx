import { useId, type KeyboardEvent } from 'react';
import type { BranchKind } from '../../compute/divergence-reference';
import { branchMasks } from './branch';
import { kernelSteps, kernelText } from './kernel-steps';
import { maskHex, maskSummary } from './lane-text';
import { LaneRow } from './LaneRow';

/** Props of the stepper. */
export interface LaneStepperProps {
  kind: BranchKind;
  step: number;
  onStep(step: number): void;
}

/**
 * The short kernel, one line per step, with the 32 lanes and the active mask of the line the
 * warp issues. Previous and Next buttons, or the arrow keys, Home and End on the code.
 */
export function LaneStepper({ kind, step, onStep }: LaneStepperProps) {
  const id = useId();
  const steps = kernelSteps(branchMasks(kind));
  const last = steps.length - 1;
  const at = Math.min(step, last);
  const current = steps[at]!;
  const lines = kernelText(kind);
  const go = (next: number) => onStep(Math.max(0, Math.min(last, next)));
  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowRight: at + 1,
      ArrowUp: at - 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: last,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    go(next);
  };
  return (
    <div className="warp-stepper">
      <pre
        className="warp-code"
        tabIndex={0}
        onKeyDown={onKey}
        aria-label="The kernel: arrow keys step through it"
        aria-describedby={`${id}-now`}
        data-line={current.line}
      >
        {lines.map((text, line) => (
          <span key={line} className="warp-code-line" data-current={line === current.line}>
            <span aria-hidden="true">{line === current.line ? '▶ ' : '  '}</span>
            {text}
            {'\n'}
          </span>
        ))}
      </pre>
      <div className="warp-step-controls">
        <button type="button" onClick={() => go(at - 1)} disabled={at === 0} data-action="prev">
          Previous step
        </button>
        <span className="warp-step-count" data-step={at}>
          Step {at + 1} of {steps.length}
        </span>
        <button type="button" onClick={() => go(at + 1)} disabled={at === last} data-action="next">
          Next step
        </button>
      </div>
      <p
        id={`${id}-now`}
        className="warp-step-note"
        aria-live="polite"
        data-mask={maskHex(current.active)}
      >
        Line {current.line + 1}: {current.note}. {maskSummary(current.active)}.
      </p>
      <LaneRow mask={current.active} label={`Lanes at step ${at + 1}`} />
    </div>
  );
}
