import { useRef, useState } from 'react';
import { formatBytesBinary, formatCount, formatPercent } from '../../format/units';
import type { BlockView, SegmentTotals, SegmentView } from './analysis/segments';
import { stripPieces, type StripPiece } from './strip-pieces';
import { frameLabel, shortStack } from './snapshot/frames';
import type { StackFrame } from './snapshot/types';
import { formatAddress } from './view-text';
import { TapNoteLine } from '../../ui/TapNoteLine';
import { useTapNote } from '../../ui/useTapNote';

/** Segments drawn before "Show all". */
const FIRST_SEGMENTS = 24;

/** Props of the strip view. */
export interface SegmentStripsProps {
  segments: readonly SegmentView[];
  totals: SegmentTotals;
  stacks: readonly StackFrame[][];
}

const STATE_WORDS: Record<BlockView['state'], string> = {
  allocated: 'allocated',
  'pending-free': 'freed, waiting for another stream',
  free: 'free (cached)',
};

/** A piece's note, shown on hover or tap: state, size, request and where it came from. */
function pieceTitle(piece: StripPiece, stacks: readonly StackFrame[][]): string {
  const size = formatBytesBinary(piece.sizeBytes);
  const block = piece.block;
  if (!block) return `${formatCount(piece.blockCount)} blocks ${STATE_WORDS[piece.state]}: ${size}`;
  const requested =
    block.state === 'allocated' && block.requestedBytes !== block.sizeBytes
      ? ` (${formatBytesBinary(block.requestedBytes)} requested)`
      : '';
  const where = shortStack(stacks[block.stackId] ?? []).frames[0];
  return `${STATE_WORDS[block.state]}: ${size}${requested}${where ? ` · ${frameLabel(where)}` : ''}`;
}

/** One segment: its sums in words, and a strip with a piece per block, to scale. */
function SegmentRow(props: {
  segment: SegmentView;
  widthShare: number;
  stacks: readonly StackFrame[][];
}) {
  const { segment, stacks } = props;
  return (
    <li className="snap-segment" data-address={segment.address}>
      <p className="snap-segment-text">
        <code>{formatAddress(segment.address)}</code> {segment.segmentType}{' '}
        {formatBytesBinary(segment.totalBytes)}: {formatBytesBinary(segment.allocatedBytes)}{' '}
        allocated, {formatBytesBinary(segment.freeBytes)} free
        {segment.pendingFreeBytes > 0 && `, ${formatBytesBinary(segment.pendingFreeBytes)} waiting`}
        {segment.stream !== 0 && ` (stream ${segment.stream})`}
      </p>
      <div
        className="snap-strip"
        style={{ width: `${Math.max(props.widthShare * 100, 3)}%` }}
        aria-hidden="true"
      >
        {stripPieces(segment.blocks).map((piece, i) => (
          <span
            key={i}
            className={`snap-block snap-block--${piece.state}`}
            style={{ width: `${(100 * piece.sizeBytes) / Math.max(segment.totalBytes, 1)}%` }}
            title={pieceTitle(piece, stacks)}
          />
        ))}
      </div>
    </li>
  );
}

/** The segments the allocator holds at the snapshot, and how full and scattered they are. */
export function SegmentStrips({ segments, totals, stacks }: SegmentStripsProps) {
  const [showAll, setShowAll] = useState(false);
  const largest = segments.reduce((m, s) => Math.max(m, s.totalBytes), 1);
  const shown = showAll ? segments : segments.slice(0, FIRST_SEGMENTS);
  const list = useRef<HTMLOListElement>(null);
  const tapped = useTapNote(list);
  return (
    <div className="snap-segments">
      <p>
        {formatCount(totals.segmentCount)} segments reserve{' '}
        <strong>{formatBytesBinary(totals.reservedBytes)}</strong> from CUDA:{' '}
        {formatBytesBinary(totals.allocatedBytes)} in allocated blocks (
        {formatBytesBinary(totals.allocatedBytes - totals.requestedBytes)} of it rounding) and{' '}
        <strong>{formatBytesBinary(totals.freeBytes)} cached free</strong> in{' '}
        {formatCount(totals.freePieces)} pieces, the largest{' '}
        {formatBytesBinary(totals.largestFreeBytes)}.
        {totals.freeBytes > 0 &&
          ` Fragmentation ${formatPercent(totals.fragmentation)}: a request over ` +
            `${formatBytesBinary(totals.largestFreeBytes)} needs a new segment although ` +
            `${formatBytesBinary(totals.freeBytes)} is free.`}
      </p>
      <ul className="snap-legend" aria-label="Legend">
        <li>
          <span className="snap-block snap-block--allocated" /> allocated
        </li>
        <li>
          <span className="snap-block snap-block--pending-free" /> freed, waiting for its stream
        </li>
        <li>
          <span className="snap-block snap-block--free" /> cached free
        </li>
      </ul>
      <TapNoteLine
        tapped={tapped}
        prompt="Hover over or tap a block for its size and the line that allocated it."
      />
      <ol className="snap-segment-list" ref={list}>
        {shown.map((s, i) => (
          <SegmentRow
            key={`${s.address}:${i}`}
            segment={s}
            widthShare={s.totalBytes / largest}
            stacks={stacks}
          />
        ))}
      </ol>
      {segments.length > FIRST_SEGMENTS && (
        <button type="button" onClick={() => setShowAll(!showAll)}>
          {showAll
            ? `Show the first ${FIRST_SEGMENTS}`
            : `Show all ${formatCount(segments.length)} segments`}
        </button>
      )}
    </div>
  );
}
