import { useEffect, useMemo, useState } from 'react';
import { formatSeconds } from '../../format/units';
import type { TritonPuzzle } from '../../triton/puzzles/index';
import type { TritonBackend } from '../../triton-page/controller';
import { describeSizes } from '../../triton-page/timing';
import type { WidgetStatus } from '../../ui/frame/status';
import { RunActivity, RunButtons, RunMessages } from '../../ui/RunControls';
import { ScrollRegion } from '../../ui/ScrollRegion';
import {
  SortableHeadRow,
  SortPicker,
  toggledSort,
  type SortableColumn,
  type TableSort,
} from '../../ui/SortableHead';
import { useController } from '../../ui/useController';
import {
  fastest,
  rankOutcomes,
  secondsOf,
  sortConfigs,
  type SortDirection,
  type SortKey,
} from './autotune';
import { AutotuneController } from './autotune-controller';
import { autotuneDecorator, configText, workgroupSizeOf } from './configs';
import type { TritonKernelDeps } from './deps';
import { Prediction } from './Prediction';
import { cacheSentence, outcomeText, timesSentence, type TimesSource } from './words';
import '../../ui/data-table.css';

/** Props of the autotune view. */
export interface AutotunePanelProps {
  puzzle: TritonPuzzle;
  backend: TritonBackend | null;
  deps: TritonKernelDeps;
  gpuId: string;
  idBase: string;
  onStatus(status: WidgetStatus): void;
}

/** The table's columns, with the sort key of those that sort and the first direction. */
const COLUMNS: ReadonlyArray<SortableColumn<SortKey>> = [
  { name: 'Rank', sort: 'rank' },
  { name: 'Config', sort: 'config' },
  { name: 'Threads per program', sort: 'warps' },
  { name: 'Median time (measured)', sort: 'time' },
  { name: 'Outcome' },
];

/** Every column sorts ascending when first chosen (fastest, A to Z, fewest threads). */
const FIRST_DIRECTION = 'ascending';

/** The orders the phone's sort picker offers (the table's head sorts either way). */
const SORT_CHOICES: ReadonlyArray<[SortKey, SortDirection, string]> = [
  ['rank', 'ascending', 'rank, fastest first'],
  ['time', 'descending', 'time, slowest first'],
  ['warps', 'ascending', 'threads per program, fewest first'],
  ['warps', 'descending', 'threads per program, most first'],
  ['config', 'ascending', 'config, A to Z'],
];

/** What measured the times. */
function sourceOf(kind: TritonBackend['kind'] | null, fallback: boolean): TimesSource {
  if (kind !== 'webgpu') return 'interpreter';
  return fallback ? 'software-adapter' : 'gpu';
}

/**
 * The autotune view: the declared configs (block sizes and num_warps), each checked and timed
 * on what runs kernels here, ranked in a table sortable by its columns with the fastest marked,
 * the winner as `@triton.autotune` would cache it, what the times are of, and the cost engine's
 * prediction beside them. Cancel stops it at the next config's turn.
 */
export function AutotunePanel({
  puzzle,
  backend,
  deps,
  gpuId,
  idBase,
  onStatus,
}: AutotunePanelProps) {
  const [controller, state] = useController(() => new AutotuneController(puzzle, deps));
  const running = state.phase === 'running';
  const ran = state.finished || state.cancelled;
  useEffect(() => onStatus(running ? 'running' : ran ? 'done' : 'idle'), [onStatus, running, ran]);
  const [sort, setSort] = useState<TableSort<SortKey>>({
    key: 'rank',
    direction: 'ascending',
  });
  const { plan } = state;
  const sizeText = describeSizes(plan.size);
  const prediction = useMemo(
    () => deps.predict(puzzle, gpuId, plan.size),
    [deps, puzzle, gpuId, plan.size],
  );
  const working = useMemo(
    () => ({
      prediction: deps.predict(puzzle, gpuId, puzzle.workingSize),
      sizeText: describeSizes(puzzle.workingSize),
    }),
    [deps, puzzle, gpuId],
  );
  const ranked = useMemo(() => rankOutcomes(state.outcomes), [state.outcomes]);
  const rows = sortConfigs(ranked, sort.key, sort.direction);
  const winner = fastest(ranked);
  const headingId = `${idBase}-tune-h`;
  const runLabel =
    backend?.kind === 'webgpu' ? 'Autotune on WebGPU' : 'Autotune on the interpreter';
  return (
    <section className="tk-tune" aria-labelledby={headingId} data-autotune={puzzle.id}>
      <h4 id={headingId}>
        Autotune: {plan.configs.length} configs at {sizeText}
      </h4>
      <p>
        As <code>@triton.autotune</code> does on its first launch: each config below is compiled,
        run once and checked against the CPU, then timed (the median of a few runs, the inputs made
        beforehand and not timed). Here <code>num_warps</code> sets the WebGPU workgroup: num_warps
        × 32 threads per program.
        {plan.declared
          ? ''
          : ' No configs are declared for this kernel, so it tries its own block sizes with 1, 2, 4 and 8 warps.'}
      </p>
      <pre className="pz-header" tabIndex={0}>
        <code>{autotuneDecorator(puzzle, plan)}</code>
      </pre>
      <div className="pz-actions">
        <RunButtons
          running={running}
          runLabel={runLabel}
          runAction="autotune"
          onRun={() => {
            if (backend) void controller.run(backend);
          }}
          onCancel={() => controller.cancel()}
        />
      </div>
      <RunActivity
        progress={
          state.progress
            ? {
                done: state.progress.done,
                total: state.progress.total,
                label: 'Configs tried',
                text: state.progress.current
                  ? `Trying ${configText(state.progress.current)} (${state.progress.done + 1} of ${state.progress.total})…`
                  : 'Ranking…',
              }
            : null
        }
      />
      <RunMessages
        notice={
          state.cancelled
            ? `Cancelled after ${state.outcomes.length} of ${plan.configs.length} configs; the table keeps those.`
            : null
        }
      />
      {state.ranOn ? (
        <p data-ran-on="">
          {state.ranOn} {timesSentence(sourceOf(state.backendKind, state.fallback))}
        </p>
      ) : null}
      {state.finished ? (
        <p className={winner ? 'pz-good' : 'pz-bad'} data-cache-sentence="">
          {cacheSentence(puzzle, plan.size, winner)}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ScrollRegion className="table-scroll" labelledBy={headingId}>
          <SortPicker id={`${idBase}-sort`} sort={sort} choices={SORT_CHOICES} onSort={setSort} />
          <table className="ui-data-table tk-table" data-tune-table="">
            <thead>
              <SortableHeadRow
                columns={COLUMNS}
                sort={sort}
                onToggle={(key) => setSort((s) => toggledSort(s, key, FIRST_DIRECTION))}
              />
            </thead>
            <tbody>
              {rows.map((row) => {
                const seconds = secondsOf(row.outcome);
                const best = row.rank === 1;
                return (
                  <tr
                    key={row.key}
                    data-config={row.key}
                    data-outcome={row.outcome.kind}
                    data-fastest={best ? 'yes' : undefined}
                    className={best ? 'tk-fastest' : undefined}
                  >
                    <td data-label={COLUMNS[0]!.name}>{row.rank ?? '–'}</td>
                    <th scope="row">
                      <code>{row.key}</code>
                      {best ? <span className="tk-badge"> ★ fastest</span> : null}
                    </th>
                    <td data-label={COLUMNS[2]!.name}>{workgroupSizeOf(row.config)}</td>
                    <td data-label={COLUMNS[3]!.name} data-seconds={seconds ?? undefined}>
                      {seconds === null ? '–' : formatSeconds(seconds)}
                    </td>
                    <td className="tk-wrap" data-label={COLUMNS[4]!.name}>
                      {outcomeText(row)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      <Prediction prediction={prediction} sizeText={sizeText} working={working} />
    </section>
  );
}
