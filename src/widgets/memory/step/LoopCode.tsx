import type { LineId, LoopLine } from './loop-code';

/** Props of the loop listing. */
export interface LoopCodeProps {
  lines: readonly LoopLine[];
  /** The line the current event belongs to. */
  current: LineId | null;
}

/** The training loop as code, the current line marked (aria-current) and highlighted. */
export function LoopCode({ lines, current }: LoopCodeProps) {
  return (
    <ol className="memstep-code" aria-label="The training loop">
      {lines.map((line) => {
        const here = line.id === current;
        return (
          <li
            key={line.id}
            className={[
              'memstep-code-line',
              here ? 'memstep-code-line--current' : '',
              line.omitted ? 'memstep-code-line--omitted' : '',
            ].join(' ')}
            aria-current={here ? 'step' : undefined}
            data-line={line.id}
          >
            <code style={{ paddingLeft: `${line.indent * 2}ch` }}>{line.text}</code>
            {here && <span className="visually-hidden"> (current line)</span>}
          </li>
        );
      })}
    </ol>
  );
}
