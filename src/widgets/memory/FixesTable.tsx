import { formatBytesBinary, formatPercent, formatSeconds } from '../../format/units';
import type { MemoryFix } from './fixes';
import type { ScenarioChange } from './scenario';
import { ScrollRegion } from '../../ui/ScrollRegion';
import '../../ui/panel.css';
import './memory-tables.css';

/** Props of the fixes table. */
export interface FixesTableProps {
  fixes: readonly MemoryFix[];
  /** Seconds per step as the step is now (modeled as if it fit). */
  seconds: number;
  onApply(change: ScenarioChange): void;
  idBase: string;
}

/** A change of time per sample as words: "+31 % per sample", "−34 % per sample". */
export function timeChangeText(ratio: number): string {
  const change = ratio - 1;
  if (Math.abs(change) < 0.005) return 'same per sample';
  const sign = change > 0 ? '+' : '−';
  return `${sign}${formatPercent(Math.abs(change))} per sample`;
}

/** What a fix saves, or for another GPU what it adds. */
function savesText(fix: MemoryFix): string {
  if (fix.id === 'gpu') return 'none: more memory';
  return fix.savedBytes > 0 ? formatBytesBinary(fix.savedBytes) : 'nothing';
}

/**
 * The fixes for a step that does not fit, ranked by the memory each saves here: each with the
 * new peak, whether it fits, its modeled step time and time per sample, and a button that
 * applies it to the settings.
 */
export function FixesTable({ fixes, seconds, onApply, idBase }: FixesTableProps) {
  if (fixes.length === 0) return null;
  return (
    <section className="ui-panel" aria-labelledby={`${idBase}-fixes`}>
      <h4 id={`${idBase}-fixes`}>Fixes, ranked by the memory each saves here</h4>
      <p className="memory-hint">
        Each is the engine’s prediction of the same step with one change (the step as it is would
        take {formatSeconds(seconds)}, <span className="tag-modeled">modeled</span> as if it fit).
      </p>
      <ScrollRegion className="table-scroll" labelledBy={`${idBase}-fixes`}>
        <table className="memory-fixes-table">
          <thead>
            <tr>
              <th scope="col">Fix</th>
              <th scope="col">Peak after</th>
              <th scope="col">Saves</th>
              <th scope="col">Fits?</th>
              <th scope="col">Step time</th>
              <th scope="col">
                <span className="visually-hidden">Apply</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fixes.map((fix, index) => (
              <tr key={fix.id} data-fix={fix.id} data-fits={fix.fits}>
                <th scope="row">
                  <span className="memory-fix-rank">{index + 1}.</span> {fix.title}
                  <span className="memory-fix-detail">{fix.detail}</span>
                </th>
                <td>{formatBytesBinary(fix.totalBytes)}</td>
                <td>{savesText(fix)}</td>
                <td className={fix.fits ? 'memory-yes' : 'memory-no'}>{fix.fits ? 'yes' : 'no'}</td>
                <td>
                  {formatSeconds(fix.seconds)}
                  <span className="memory-fix-detail">
                    {timeChangeText(fix.timePerSampleRatio)}
                  </span>
                </td>
                <td>
                  <button
                    type="button"
                    aria-label={`Apply: ${fix.title}`}
                    onClick={() => onApply(fix.change)}
                  >
                    Apply
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
