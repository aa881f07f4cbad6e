import { formatSeconds } from '../format/units';
import { ColumnHeads } from '../ui/ColumnHeads';
import { describeMismatch } from '../puzzles/compare';
import { LOOP_BUDGET } from '../puzzles/program';
import type { Diagnostic } from '../puzzles/diagnostics';
import type { CheckProgress, CheckResult } from './check-run';

/** The status line while a check runs. */
export function progressText(progress: CheckProgress | null): string {
  if (!progress || progress.stage === 'gpu') return 'Getting the GPU…';
  if (progress.stage === 'compile') return 'Compiling your kernel…';
  return `Running size ${progress.caseIndex + 1} of ${progress.caseCount} (${progress.caseLabel})…`;
}

/** Compiler messages, each with a button that puts the cursor there. */
function DiagnosticList({
  diagnostics,
  onGoTo,
}: {
  diagnostics: readonly Diagnostic[];
  onGoTo(line: number, column: number): void;
}) {
  return (
    <ul className="pz-diagnostics">
      {diagnostics.map((d, i) => (
        <li
          key={i}
          data-diagnostic={d.severity}
          data-line={d.line ?? ''}
          data-column={d.column ?? ''}
        >
          {d.line !== null ? (
            <button
              type="button"
              className="pz-link"
              onClick={() => onGoTo(d.line!, d.column ?? 1)}
            >
              Line {d.line}, column {d.column ?? 1}
            </button>
          ) : (
            <span>{d.elsewhere ?? 'No position'}</span>
          )}
          : <strong>{d.severity}</strong>: <code>{d.message}</code>
        </li>
      ))}
    </ul>
  );
}

/** What a finished check says. */
export function CheckOutcome({
  check,
  caseCount,
  onGoTo,
}: {
  check: CheckResult;
  caseCount: number;
  onGoTo(line: number, column: number): void;
}) {
  switch (check.kind) {
    case 'no-gpu':
      return <p className="pz-bad">Nothing ran: {check.message}</p>;
    case 'compile-error':
      return (
        <>
          <p className="pz-bad">Your kernel did not compile. The compiler says:</p>
          <DiagnosticList diagnostics={check.diagnostics} onGoTo={onGoTo} />
        </>
      );
    case 'pipeline-error':
      return (
        <p className="pz-bad">
          Your kernel compiled, but WebGPU could not build a pipeline from it (is the entry point
          still <code>fn main</code> with <code>@compute @workgroup_size(…)</code>?):{' '}
          {check.message}
        </p>
      );
    case 'mismatch': {
      const wrong = check.outputs.reduce((sum, o) => sum + o.wrong, 0);
      return (
        <>
          <p className="pz-bad">
            Wrong results at {check.caseLabel} ({check.casesPassed} of {caseCount} sizes passed
            before it; {wrong.toLocaleString('en-US')} element{wrong === 1 ? '' : 's'} wrong). The
            first mismatches:
          </p>
          <table className="pz-mismatches">
            <ColumnHeads names={['Element', 'Expected', 'Got']} />
            <tbody>
              {check.outputs.flatMap((o) =>
                o.first.map((m) => (
                  <tr
                    key={`${m.buffer}-${m.index}`}
                    data-mismatch={m.index}
                    data-expected={m.expected}
                    data-got={m.got}
                    aria-label={describeMismatch(m)}
                  >
                    <th scope="row">
                      <code>
                        {m.buffer}[{m.index}]
                      </code>
                      {m.pastEnd ? ' (past the end)' : ''}
                    </th>
                    <td>{m.expected}</td>
                    <td>{m.got}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </>
      );
    }
    case 'out-of-budget':
      return (
        <p className="pz-bad">
          A loop in your kernel ran more than {LOOP_BUDGET.toLocaleString('en-US')} times in one
          thread at {check.caseLabel}, so it was stopped there: it probably never ends. Check its
          condition and the step that should reach it. The next run starts afresh.
        </p>
      );
    case 'unmet':
      return (
        <>
          <p className="pz-warn">
            The values are right at all {check.casesPassed} sizes, but the kernel does not yet do
            what this puzzle practises:
          </p>
          <ul>
            {check.messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </>
      );
    case 'pass':
      return (
        <>
          <p className="pz-good">
            Passed: right at all {check.casesPassed} sizes, checked element by element against the
            CPU.
          </p>
          {check.warnings.length > 0 ? (
            <DiagnosticList diagnostics={check.warnings} onGoTo={onGoTo} />
          ) : null}
        </>
      );
    case 'gpu-error':
      return <p className="pz-bad">{check.message}</p>;
  }
}

/** A measured time with its spread. */
export function measuredText(medianSeconds: number): string {
  return formatSeconds(medianSeconds);
}
