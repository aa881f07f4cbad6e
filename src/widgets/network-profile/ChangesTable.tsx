import { formatRatio, formatSeconds, NO_VALUE } from '../../format/units';
import { changeKey, type ChangeRow } from './changes';
import { EXECUTION_CODE, EXECUTION_LABELS } from './labels';
import { EXECUTION_MODES } from '../../engine/models';
import { fieldLabel } from '../../ui/field';
import { networkProfileSchema } from './settings';
import { ScrollRegion } from '../../ui/ScrollRegion';

/** Props of the comparison table. */
export interface ChangesTableProps {
  rows: readonly ChangeRow[];
  /** The optimizer's class name in code ("AdamW"), for the fused column's heading. */
  optimizerClass: string;
  idBase: string;
}

/** A speedup against the current step in words: "2.3× faster", "1.1× slower", "same". */
export function speedupText(speedup: number | null): string {
  if (speedup === null) return NO_VALUE;
  if (Math.abs(speedup - 1) < 0.005) return 'same';
  return speedup > 1 ? `${formatRatio(speedup)} faster` : `${formatRatio(1 / speedup)} slower`;
}

/** One cell: the step's time, its speedup against this setting, and which side paces it. */
function ChangeCell({ row }: { row: ChangeRow | undefined }) {
  if (!row) return <td>{NO_VALUE}</td>;
  return (
    <td
      data-change={changeKey(row)}
      data-seconds={row.seconds ?? undefined}
      data-current={row.current || undefined}
      className={row.current ? 'np-current' : undefined}
    >
      <strong>{row.seconds === null ? NO_VALUE : formatSeconds(row.seconds)}</strong>
      <span className="np-change-note">
        {row.current ? 'this setting' : speedupText(row.speedup)}
      </span>
      {row.bound && (
        <span className="np-change-note">{`paced by the ${row.bound === 'host' ? 'host' : 'GPU'}`}</span>
      )}
    </td>
  );
}

/**
 * What each change buys: the step's modeled time run eagerly, compiled or as CUDA graphs (rows),
 * with the default foreach optimizer or a fused one (columns, for a training step), each against
 * the step as it is set now and with the side that sets its pace.
 */
export function ChangesTable({ rows, optimizerClass, idBase }: ChangesTableProps) {
  const captionId = `${idBase}-changes`;
  const training = rows.some((r) => r.fused);
  const cell = (execution: ChangeRow['execution'], fused: boolean) =>
    rows.find((r) => r.execution === execution && r.fused === fused);
  return (
    <>
      <p id={captionId} className="np-changes-caption">
        <span className="tag-modeled">modeled</span> What each change buys: this step run another
        way
      </p>
      <ScrollRegion className="np-scroll" label="What each change buys">
        <table
          className="ui-data-table np-table np-changes"
          aria-labelledby={captionId}
          data-changes
        >
          <thead>
            <tr>
              <th scope="col">How the step runs</th>
              <th scope="col">{training ? 'Default optimizer (foreach)' : 'Step time'}</th>
              {training && (
                <th scope="col">
                  {fieldLabel(networkProfileSchema.fields.fused)}{' '}
                  <code className="np-code">{`${optimizerClass}(…, fused=True)`}</code>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {EXECUTION_MODES.map((execution) => (
              <tr key={execution} data-execution={execution}>
                <th scope="row">
                  {EXECUTION_LABELS[execution]}
                  <code className="np-code">{EXECUTION_CODE[execution]}</code>
                </th>
                <ChangeCell row={cell(execution, false)} />
                {training && <ChangeCell row={cell(execution, true)} />}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
