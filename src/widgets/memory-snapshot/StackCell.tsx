import { useState } from 'react';
import { frameLabel, shortStack } from './snapshot/frames';
import type { StackFrame } from './snapshot/types';

/** Props of a stack cell. */
export interface StackCellProps {
  stack: readonly StackFrame[];
  /** Said when the stack is empty. */
  emptyText: string;
}

/**
 * Where an allocation came from: the learner's own frames first (PyTorch and C++ frames
 * hidden), and the whole recorded stack on demand, built only when opened.
 */
export function StackCell({ stack, emptyText }: StackCellProps) {
  const [open, setOpen] = useState(false);
  if (stack.length === 0) return <span className="snap-muted">{emptyText}</span>;
  const short = shortStack(stack);
  return (
    <div className="snap-stack">
      {short.internalOnly && (
        <span className="snap-muted">Inside PyTorch, no frame of yours: </span>
      )}
      <ul className="snap-frames">
        {short.frames.map((f, i) => (
          <li key={i}>
            <code>{frameLabel(f)}</code>
          </li>
        ))}
      </ul>
      {short.hiddenCount > 0 && (
        <details onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary>Full stack ({stack.length} frames)</summary>
          {open && (
            <ol className="snap-full-stack">
              {stack.map((f, i) => (
                <li key={i}>
                  <code>{frameLabel(f, true)}</code>
                </li>
              ))}
            </ol>
          )}
        </details>
      )}
    </div>
  );
}
