import { useMemo } from 'react';
import { formatBytesBinary, formatCount, formatPercent } from '../../../format/units';
import type { SegmentView } from '../../../torch/allocator';
import { allocatorView, type PoolView, type SegmentBar } from './allocator-view';
import './allocator.css';

/** Props of the allocator view. */
export interface AllocatorViewProps {
  /** The allocator's segments after the current event. */
  segments: readonly SegmentView[];
  idBase: string;
}

const PIECE_NAMES = { tensor: 'tensors', tail: 'unused tail', free: 'free, cached' } as const;

/** Bar length as a share of the row: log scale between the pool's smallest and largest segment. */
function barShare(bar: SegmentBar, pool: PoolView): number {
  const sizes = pool.bars.map((b) => b.sizeBytes);
  const low = Math.min(...sizes);
  const high = Math.max(...sizes);
  if (high <= low) return 1;
  return 0.15 + (0.85 * Math.log(bar.sizeBytes / low)) / Math.log(high / low);
}

/** What a segment holds, in words (the bar's accessible name). */
function segmentText(bar: SegmentBar): string {
  const total = (kind: keyof typeof PIECE_NAMES) =>
    bar.pieces.filter((p) => p.kind === kind).reduce((sum, p) => sum + p.sizeBytes, 0);
  const parts = (['tensor', 'tail', 'free'] as const)
    .filter((k) => total(k) > 0)
    .map((k) => `${PIECE_NAMES[k]} ${formatBytesBinary(total(k))}`);
  const returnable = bar.wholeFree ? '; no tensor left, empty_cache() would return it' : '';
  return `Segment of ${formatBytesBinary(bar.sizeBytes)}: ${parts.join(', ')}${returnable}`;
}

/** One pool: its totals and its segments as bars of blocks. */
function Pool({ pool, title }: { pool: PoolView; title: string }) {
  return (
    <div className="memstep-pool" data-pool={pool.pool}>
      <h5>{title}</h5>
      <p className="memstep-pool-totals">
        {formatCount(pool.segments)} segment{pool.segments === 1 ? '' : 's'},{' '}
        {formatBytesBinary(pool.reservedBytes)} reserved: {formatBytesBinary(pool.allocatedBytes)}{' '}
        in blocks holding tensors (they asked for {formatBytesBinary(pool.requestedBytes)}),{' '}
        {formatBytesBinary(pool.cachedFreeBytes)} free in {formatCount(pool.freeBlocks)} cached
        block{pool.freeBlocks === 1 ? '' : 's'}.
      </p>
      {pool.bars.length > 0 && (
        <ul className="memstep-segments">
          {pool.bars.map((bar) => (
            <li key={bar.id}>
              <div
                className={`memstep-segment${bar.wholeFree ? ' memstep-segment--returnable' : ''}`}
                style={{ width: `${(barShare(bar, pool) * 100).toFixed(1)}%` }}
                role="img"
                aria-label={segmentText(bar)}
              >
                {bar.pieces.map((piece) => (
                  <span
                    key={`${piece.kind}-${piece.offsetBytes}`}
                    className={`memstep-piece memstep-piece--${piece.kind}`}
                    style={{ flexGrow: piece.sizeBytes, flexBasis: 0 }}
                  />
                ))}
              </div>
              <span className="memstep-segment-size" aria-hidden="true">
                {formatBytesBinary(bar.sizeBytes)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {pool.hiddenSegments > 0 && (
        <p className="memstep-hint">
          {formatCount(pool.hiddenSegments)} more segment{pool.hiddenSegments === 1 ? '' : 's'} (
          {formatBytesBinary(pool.hiddenBytes)}) not drawn: those with free memory come first.
        </p>
      )}
    </div>
  );
}

/**
 * The caching allocator after the current event: both pools with their segments drawn as bars of
 * blocks, how fragmented the cached memory is, and what empty_cache() would and would not return.
 */
export function AllocatorView({ segments, idBase }: AllocatorViewProps) {
  const view = useMemo(() => allocatorView(segments), [segments]);
  const largeFree = view.large.largestFreeBlockBytes;
  return (
    <section className="memstep-allocator" aria-labelledby={`${idBase}-allocator`}>
      <h4 id={`${idBase}-allocator`}>The caching allocator after this event</h4>
      <p data-fragmentation>
        {view.cachedFreeBytes === 0
          ? 'Every reserved byte holds a tensor: nothing is cached free.'
          : `${formatBytesBinary(view.cachedFreeBytes)} is reserved but free (cached) in ${formatCount(view.small.freeBlocks + view.large.freeBlocks)} blocks. ${formatPercent(view.fragmentation)} of it lies outside the largest free block${largeFree > 0 ? `; a tensor over 1 MiB larger than ${formatBytesBinary(largeFree)} needs a new segment even so` : ''}.`}
      </p>
      <p data-empty-cache>
        <code>torch.cuda.empty_cache()</code> now would return{' '}
        {formatBytesBinary(view.emptyCacheReturnsBytes)} to the driver (the segments with no tensor
        left) and cannot return {formatBytesBinary(view.emptyCacheKeepsBytes)}: free blocks inside
        segments that still hold a tensor (the summary’s “non-releasable memory”). Allocated memory
        would not change.
      </p>
      <ul className="memstep-legend">
        {(['tensor', 'tail', 'free'] as const).map((kind) => (
          <li key={kind}>
            <span className={`memstep-swatch memstep-piece--${kind}`} aria-hidden="true" />{' '}
            {kind === 'tail'
              ? 'unused tail of a block (rounding, or a rest too small to split)'
              : PIECE_NAMES[kind]}
          </li>
        ))}
        <li>
          <span className="memstep-swatch memstep-swatch--returnable" aria-hidden="true" /> segment
          empty_cache() would return
        </li>
      </ul>
      <div className="memstep-pools">
        <Pool pool={view.large} title="Large pool: requests over 1 MiB" />
        <Pool pool={view.small} title="Small pool: requests up to 1 MiB, 2 MiB segments" />
      </div>
      <p className="memstep-hint">
        Bar lengths grow with segment size on a log scale. The allocator is a model of PyTorch’s
        (best fit, splitting, merging, one stream, no expandable segments).
      </p>
    </section>
  );
}
