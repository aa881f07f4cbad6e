import { forwardRef } from 'react';
import { formatBytesBinary, formatCount, formatPercent, formatSeconds } from '../../format/units';
import type { MemoryAnalysis, MemoryResult } from './analysis';
import type { PartId } from './bar-parts';
import { FixesTable } from './FixesTable';
import { MemoryBar } from './MemoryBar';
import { OomPanel } from './OomPanel';
import { PartsLegend, PartsTable, type PartsProps } from './PartsTable';
import type { ScenarioChange } from './scenario';

/** Props of the result area. */
export interface MemoryResultViewProps {
  analysis: MemoryAnalysis;
  activePart: PartId | null;
  onShowPart(part: PartId | null): void;
  onApply(change: ScenarioChange): void;
  idBase: string;
}

/** The largest batch, as a sentence. */
function largestBatchText(result: MemoryResult): string {
  return result.largestBatch > 0
    ? `The largest batch that fits with these settings is ${formatCount(result.largestBatch)}.`
    : 'No batch fits with these settings, not even 1.';
}

/** One sentence on whether the step fits, with the headroom or the shortfall. */
function FitSummary({ result }: { result: MemoryResult }) {
  const total = result.prediction.memory.totalBytes;
  const of = `${formatBytesBinary(total)} of the ${result.gpuName}’s ${formatBytesBinary(result.capacityBytes)}`;
  return (
    <>
      <strong className={result.fits ? 'memory-yes' : 'memory-no'}>
        {result.fits ? 'Fits.' : 'Does not fit.'}
      </strong>{' '}
      {result.fits
        ? `The step’s peak takes ${of} (${formatPercent(total / result.capacityBytes)}), leaving ${formatBytesBinary(result.headroomBytes)} of headroom.`
        : `The step needs ${of}: ${formatBytesBinary(-result.headroomBytes)} too much.`}{' '}
      {largestBatchText(result)} Modeled step time: {formatSeconds(result.prediction.seconds)}
      {result.scenario.mode === 'inference' && result.scenario.phase === 'decode'
        ? ' per generated token'
        : ''}
      .
    </>
  );
}

/**
 * What the engine says about the step: whether it fits, the stacked bar against the GPU with its
 * legend and table, and for a step that does not fit PyTorch's error and the ranked fixes; or,
 * for input the engine refuses, its reason.
 */
export const MemoryResultView = forwardRef<HTMLParagraphElement, MemoryResultViewProps>(
  function MemoryResultView({ analysis, activePart, onShowPart, onApply, idBase }, summaryRef) {
    if (analysis.kind === 'problem') {
      return (
        <p
          ref={summaryRef}
          tabIndex={-1}
          className="memory-problem"
          data-problem={analysis.cause}
          aria-live="polite"
        >
          {analysis.cause === 'precision' ? 'This GPU cannot run this precision: ' : ''}
          {analysis.message}
        </p>
      );
    }
    const parts = analysis.parts;
    // The legend and the table show the same parts, with the same one picked out.
    const partsProps: PartsProps = {
      parts,
      capacityBytes: analysis.capacityBytes,
      activePart,
      onShow: onShowPart,
      idBase,
    };
    return (
      <div className="memory-result">
        <p
          ref={summaryRef}
          tabIndex={-1}
          className="memory-summary"
          data-fits={analysis.fits}
          aria-live="polite"
        >
          <FitSummary result={analysis} />
        </p>
        <MemoryBar
          parts={parts}
          capacityBytes={analysis.capacityBytes}
          gpuName={analysis.gpuName}
          activePart={activePart}
          onHover={onShowPart}
          idBase={idBase}
        />
        <PartsLegend {...partsProps} />
        {!analysis.fits && (
          <>
            <OomPanel
              oom={analysis.oom}
              totalBytes={analysis.prediction.memory.totalBytes}
              capacityBytes={analysis.capacityBytes}
            />
            <FixesTable
              fixes={analysis.fixes}
              seconds={analysis.prediction.seconds}
              onApply={onApply}
              idBase={idBase}
            />
          </>
        )}
        <PartsTable {...partsProps} />
      </div>
    );
  },
);
