import { memo, useState } from 'react';
import { formatBytesBinary, formatCount, formatPercent } from '../../format/units';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { SortableHeadRow, SortPicker, toggledSort } from '../../ui/SortableHead';
import type { RankingState } from './controller';
import {
  batchingText,
  degreesText,
  FIRST_DIRECTION,
  layoutKey,
  layoutText,
  ordinal,
  shardingShort,
  sortRows,
  whyBestWins,
  type LayoutShape,
  type RankedRow,
  type SortDirection,
  type SortKey,
} from './ranking';
import '../../ui/panel.css';
import '../../ui/data-table.css';

/** Rows the table shows: the fastest that fit, at first and at most. */
export const FIRST_ROWS = 10;
export const TOP_ROWS = 20;

/** The columns, with the sort key of those that sort. */
const COLUMNS: ReadonlyArray<{ name: string; sort?: SortKey; numeric?: boolean }> = [
  { name: 'Rank', sort: 'rank', numeric: true },
  { name: 'Layout' },
  { name: 'Tokens/s per GPU', sort: 'tokens', numeric: true },
  { name: 'MFU', sort: 'mfu', numeric: true },
  { name: 'Memory per GPU', sort: 'memory', numeric: true },
  { name: 'Limited by', sort: 'limit' },
];

/** The orders the phone's sort picker offers (the table's head sorts either way). */
const SORT_CHOICES: ReadonlyArray<[SortKey, SortDirection, string]> = [
  ['rank', 'ascending', 'rank, best first'],
  ['tokens', 'descending', 'tokens/s per GPU, most first'],
  ['mfu', 'descending', 'MFU, highest first'],
  ['memory', 'ascending', 'memory per GPU, least first'],
  ['memory', 'descending', 'memory per GPU, most first'],
  ['limit', 'ascending', 'what limits it, A to Z'],
];

/** The chosen layout, to find and mark among the rows. */
export type ChosenLayout = Omit<LayoutShape, 'dp' | 'gradAccum'>;

/** Props of the ranking panel. */
export interface RankingPanelProps {
  ranking: RankingState;
  chosen: ChosenLayout | null;
  onChoose(layout: LayoutShape): void;
  /** Why there is no plan to rank (no model yet, a cluster that does not divide), or null. */
  noPlan: string | null;
  idBase: string;
}

/** Where the chosen layout stands among the ranked ones, in a sentence. */
function chosenPlace(rows: readonly RankedRow[], fitting: number, chosen: ChosenLayout): string {
  const key = layoutKey(chosen);
  const i = rows.findIndex((r) => r.key === key);
  if (i < 0) {
    return 'Your layout is not among the planner’s: it tries degrees of 1, 2, 4 and 8, micro-batches of 1 to 8, and pipelines with at least as many micro-batches as stages.';
  }
  const row = rows[i]!;
  if (!row.fits) {
    return `Your layout does not fit (${formatBytesBinary(row.bytesPerGpu)} per GPU); it is listed after the ${formatCount(fitting)} that do.`;
  }
  return i === 0
    ? 'Your layout is the best one.'
    : `Your layout is the ${ordinal(i + 1)} of the ${formatCount(fitting)} that fit, at ${formatPercent(row.tokensPerSecondPerGpu / rows[0]!.tokensPerSecondPerGpu)} of the best one’s throughput.`;
}

/**
 * Every layout of the plan ranked by throughput: how many were tried and how many fit, why the
 * best wins against the runner-up, where the chosen layout stands, and the fastest that fit as a
 * table sortable by its columns, each row a button that chooses its layout.
 */
export const RankingPanel = memo(function RankingPanel({
  ranking,
  chosen,
  onChoose,
  noPlan,
  idBase,
}: RankingPanelProps) {
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({
    key: 'rank',
    direction: 'ascending',
  });
  const [showAll, setShowAll] = useState(false);
  const headingId = `${idBase}-rank-h`;
  const shown =
    ranking.kind === 'done'
      ? ranking.ranking
      : ranking.kind === 'ranking'
        ? ranking.previous
        : null;
  const busy = ranking.kind === 'ranking';
  const status =
    noPlan !== null
      ? `Nothing to rank: ${noPlan}`
      : ranking.kind === 'failed'
        ? `The planner could not rank these layouts: ${ranking.message}`
        : busy
          ? 'Ranking every layout…'
          : shown
            ? shown.rows.length === 0
              ? 'No layout divides these GPUs and this global batch evenly.'
              : `Ranked ${formatCount(shown.rows.length)} layouts: ${formatCount(shown.fitting)} fit in memory, ${formatCount(shown.rows.length - shown.fitting)} do not.`
            : '';
  const top = shown
    ? shown.rows.slice(0, Math.min(showAll ? TOP_ROWS : FIRST_ROWS, shown.fitting))
    : [];
  const more = shown ? Math.min(TOP_ROWS, shown.fitting) > FIRST_ROWS : false;
  const rows = sortRows(top, sort.key, sort.direction);
  const rankOf = new Map(top.map((r, i) => [r.key, i + 1]));
  const chosenKey = chosen ? layoutKey(chosen) : null;
  const why = shown ? whyBestWins(shown) : null;
  const closest =
    shown && shown.fitting === 0
      ? shown.rows.reduce<RankedRow | null>(
          (a, r) => (a === null || r.bytesPerGpu < a.bytesPerGpu ? r : a),
          null,
        )
      : null;
  const toggle = (key: SortKey) => setSort((s) => toggledSort(s, key, FIRST_DIRECTION[key]));
  return (
    <section
      className="ui-panel pp-panel"
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      data-ranking={noPlan !== null ? 'none' : ranking.kind}
    >
      <h4 id={headingId}>
        Every layout, ranked by throughput <span className="tag-modeled">modeled</span>
      </h4>
      <p className="pp-rank-status" role="status" data-rank-status>
        {status}
      </p>
      {noPlan === null && shown && (
        <div className={busy ? 'pp-stale' : undefined}>
          {why && (
            <p className="pp-why" data-why>
              {why}
            </p>
          )}
          {closest && (
            <p className="pp-warn" data-none-fit>
              No layout fits in memory. The smallest, {layoutText(closest.layout)}, needs{' '}
              {formatBytesBinary(closest.bytesPerGpu)} per GPU of{' '}
              {formatBytesBinary(closest.capacityBytes)}: try more GPUs, a shorter sequence or a GPU
              with more memory.
            </p>
          )}
          {chosen && shown.rows.length > 0 && (
            <p className="pp-hint" data-chosen-place>
              {chosenPlace(shown.rows, shown.fitting, chosen)}
            </p>
          )}
          {rows.length > 0 && (
            <>
              <p className="pp-hint">
                The {rows.length === 1 ? 'one layout' : `${rows.length} fastest layouts`} that fit.
                Choose one with its button to see its memory and timeline above; a column’s heading
                button sorts by it.
              </p>
              <ScrollRegion className="table-scroll" labelledBy={headingId}>
                <SortPicker
                  id={`${idBase}-sort`}
                  sort={sort}
                  choices={SORT_CHOICES}
                  onSort={setSort}
                />
                <table className="ui-data-table pp-table pp-rank-table" data-rank-table>
                  <thead>
                    <SortableHeadRow columns={COLUMNS} sort={sort} onToggle={toggle} />
                  </thead>
                  <tbody>
                    {rows.map((row) => {
                      const current = row.key === chosenKey;
                      const l = row.layout;
                      return (
                        <tr
                          key={row.key}
                          data-layout={row.key}
                          data-tokens={row.tokensPerSecondPerGpu}
                          data-bytes={row.bytesPerGpu}
                          aria-current={current ? 'true' : undefined}
                          className={current ? 'pp-current' : undefined}
                          onClick={(e) => {
                            if (!(e.target instanceof HTMLButtonElement)) onChoose(l);
                          }}
                        >
                          <td data-label={COLUMNS[0]!.name}>{rankOf.get(row.key)}</td>
                          <th scope="row">
                            <button type="button" className="pp-choose" onClick={() => onChoose(l)}>
                              {degreesText(l)}
                              <span className="visually-hidden">
                                , {shardingShort(l.sharding)}, {batchingText(l)}, {l.checkpointing}{' '}
                                checkpointing: use this layout
                              </span>
                            </button>
                            {current && <span className="pp-aside"> (yours)</span>}
                            <span className="pp-layout-detail" aria-hidden="true">
                              {shardingShort(l.sharding)} · {batchingText(l)} ·{' '}
                              {l.checkpointing === 'none' ? 'no' : l.checkpointing} checkpointing
                            </span>
                          </th>
                          <td data-label={COLUMNS[2]!.name}>
                            {formatCount(row.tokensPerSecondPerGpu)}
                          </td>
                          <td data-label={COLUMNS[3]!.name}>{formatPercent(row.mfu)}</td>
                          <td data-label={COLUMNS[4]!.name}>
                            {formatBytesBinary(row.bytesPerGpu)}
                          </td>
                          <td className="pp-wrap" data-label={COLUMNS[5]!.name}>
                            {row.limitedBy}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </ScrollRegion>
              {more && (
                <button
                  type="button"
                  className="pp-more"
                  aria-expanded={showAll}
                  onClick={() => setShowAll((v) => !v)}
                >
                  {showAll ? `Show the ${FIRST_ROWS} fastest only` : `Show the ${TOP_ROWS} fastest`}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
});
