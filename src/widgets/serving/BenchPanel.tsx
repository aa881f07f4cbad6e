import { formatCount, formatSeconds } from '../../format/units';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { PasteArea } from '../../ui/field/PasteArea';
import type { BenchReading } from './bench-output';
import type { ComparedFigure } from './compare';
import type { BenchState } from './controller';
import '../../ui/panel.css';
import '../../ui/data-table.css';

/** Each compared figure's name and format. */
const FIGURES: Readonly<
  Record<ComparedFigure['id'], { name: string; format: (v: number) => string }>
> = {
  throughput: { name: 'Output tokens/s', format: (v) => formatCount(v) },
  ttft: { name: 'Mean time to first token (TTFT)', format: formatSeconds },
  tpot: { name: 'Mean time per output token (TPOT)', format: formatSeconds },
};

/** The tool's name as the learner ran it. */
const TOOL_NAMES: Readonly<Record<BenchReading['tool'], string>> = {
  vllm: 'vllm bench serve',
  trtllm: 'trtllm-bench throughput',
};

/** Props of the benchmark panel. */
export interface BenchPanelProps {
  bench: BenchState;
  /** Why the engine has no prediction to compare with, when it has none. */
  noPrediction: string | null;
  onText(text: string): void;
  /** Puts the run's lengths and concurrency into the settings. */
  onUseWorkload(reading: BenchReading): void;
  idBase: string;
}

/**
 * "Your own server": a box for what `vllm bench serve` or `trtllm-bench throughput` printed,
 * what was read from it, and each figure measured beside the engine's prediction for the same
 * settings and the run's own lengths and concurrency.
 */
export function BenchPanel({
  bench,
  noPrediction,
  onText,
  onUseWorkload,
  idBase,
}: BenchPanelProps) {
  const textId = `${idBase}-bench-text`;
  const hintId = `${idBase}-bench-hint`;
  const { parse, comparison } = bench;
  const pasted = bench.text.trim() !== '';
  const failed = pasted && !parse.ok;
  const reading = parse.ok ? parse.reading : null;
  const status = parse.ok
    ? `Read ${TOOL_NAMES[parse.reading.tool]}: the measured figures are below, beside the engine’s prediction.`
    : parse.message;
  return (
    <section
      className="ui-panel sv-panel sv-bench"
      aria-labelledby={`${idBase}-bench-h`}
      data-bench
    >
      <h4 id={`${idBase}-bench-h`}>
        Your own server <span className="tag-measured">measured</span> beside the model
      </h4>
      <p id={hintId} className="sv-hint">
        Serve a model, run <code>vllm bench serve</code> (with <code>--max-concurrency</code>) or{' '}
        <code>trtllm-bench throughput</code> against it, and paste the result block it prints. Set
        the model, GPU, tensor parallelism and formats above to what you served: the prediction uses
        them, with your run’s lengths and concurrency. The text stays on this page.
      </p>
      <PasteArea
        id={textId}
        hintId={hintId}
        label="Output of vllm bench serve or trtllm-bench throughput"
        value={bench.text}
        onText={onText}
        failed={failed}
        rows={6}
        placeholder={
          '============ Serving Benchmark Result ============\nSuccessful requests:  …\nOutput token throughput (tok/s):  …\nMean TTFT (ms):  …\nMean TPOT (ms):  …'
        }
        labelClassName="sv-label"
        className="sv-text"
      />
      <p
        className={failed ? 'sv-status sv-status--error' : 'sv-status'}
        role="status"
        data-bench-status
      >
        {status}
      </p>
      {reading && (
        <>
          <p className="sv-hint" data-bench-workload>
            Your run:{' '}
            {reading.inputTokens === null
              ? 'input length not given'
              : `${formatCount(reading.inputTokens)} tokens in`}
            ,{' '}
            {reading.outputTokens === null
              ? 'output length not given'
              : `${formatCount(reading.outputTokens)} out`}
            ,{' '}
            {reading.concurrency === null
              ? 'no concurrency limit (as many as fit)'
              : `${formatCount(reading.concurrency)} concurrent requests`}
            {reading.requests === null ? '' : `, ${formatCount(reading.requests)} requests`}.{' '}
            <button type="button" onClick={() => onUseWorkload(reading)}>
              Use these lengths and concurrency above
            </button>
          </p>
          {[...reading.notes, ...(comparison?.notes ?? [])].length > 0 && (
            <ul className="sv-notes">
              {[...reading.notes, ...(comparison?.notes ?? [])].map((note, i) => (
                <li key={i}>{note}</li>
              ))}
            </ul>
          )}
          {comparison === null ? (
            <p className="sv-hint" data-bench-no-prediction>
              The engine has no prediction for these settings
              {noPrediction ? `: ${noPrediction}` : '.'} Your measured figures:{' '}
              {FIGURES.throughput.format(reading.outputTokensPerSecond)} tokens/s, TTFT{' '}
              {formatSeconds(reading.ttftSeconds)}, TPOT {formatSeconds(reading.tpotSeconds)}.
            </p>
          ) : (
            <ScrollRegion className="table-scroll" label="Measured against modeled">
              <table className="ui-data-table sv-table" data-bench-table>
                <thead>
                  <tr>
                    <th scope="col">Figure</th>
                    <th scope="col">
                      <span className="tag-measured">measured</span> your server
                    </th>
                    <th scope="col">
                      <span className="tag-modeled">modeled</span> engine
                    </th>
                    <th scope="col">Modeled ÷ measured</th>
                  </tr>
                </thead>
                <tbody>
                  {comparison.figures.map((f) => (
                    <tr key={f.id} data-figure={f.id}>
                      <th scope="row">{FIGURES[f.id].name}</th>
                      <td data-measured={f.measured}>{FIGURES[f.id].format(f.measured)}</td>
                      <td data-modeled={f.modeled ?? ''}>
                        {f.modeled === null
                          ? comparison.modeled.fits
                            ? '—'
                            : comparison.modeled.message
                          : FIGURES[f.id].format(f.modeled)}
                      </td>
                      <td>
                        {f.modeled === null || f.measured <= 0
                          ? '—'
                          : `×${(f.modeled / f.measured).toFixed(2)}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </>
      )}
    </section>
  );
}
