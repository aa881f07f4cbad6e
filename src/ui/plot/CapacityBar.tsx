import { useMemo } from 'react';
import * as d3 from 'd3';
import { formatBytesBinary, formatCount } from '../../format/units';
import { isNarrowPlot, plotLayout } from './layout';
import { PlotFrame } from './PlotFrame';

/** One part of a stacked bar: its bytes and where it starts. */
export interface StackedPart<P extends string> {
  part: P;
  bytes: number;
  start: number;
}

/** The parts in `order` with their bytes, each starting where the one before it ends. */
export function stackParts<P extends string>(
  order: readonly P[],
  bytes: Readonly<Record<P, number>>,
): StackedPart<P>[] {
  let start = 0;
  return order.map((part) => {
    const entry = { part, bytes: bytes[part], start };
    start += bytes[part];
    return entry;
  });
}

/** Bytes in a GiB. */
const GIB = 2 ** 30;

const MARGIN = { top: 30, right: 16, bottom: 36, left: 12 };
const BAR_TOP_PX = 6;
const BAR_HEIGHT_PX = 36;

/** Props of a capacity bar. */
export interface CapacityBarProps<P extends string> {
  parts: readonly StackedPart<P>[];
  /** What one GPU holds: the line the bar is measured against. */
  capacityBytes: number;
  widthPx: number;
  /** The plot's accessible name: an id prefix, a title and a description in words. */
  name: { idPrefix: string; title: string; description: string };
  /**
   * The widget's class prefix: the plot is `<prefix>-membar`, each part a rect of classes
   * `<prefix>-mem <prefix>-mem--<part>` (its colour), the capacity `<prefix>-membar__capacity`
   * and its label `<prefix>-membar__label`.
   */
  classPrefix: string;
}

/**
 * One GPU's memory as a stacked bar of parts against its capacity, on an axis of GiB (modeled),
 * the capacity marked with a line and its size; parts of zero bytes are left out.
 */
export function CapacityBar<P extends string>({
  parts,
  capacityBytes,
  widthPx,
  name,
  classPrefix,
}: CapacityBarProps<P>) {
  const layout = plotLayout(widthPx, MARGIN, {
    aspect: 0,
    minHeightPx: 110,
    maxHeightPx: 110,
    minInnerWidthPx: 160,
  });
  const total = parts.reduce((sum, p) => sum + p.bytes, 0);
  const domain = Math.max(total, capacityBytes);
  const x = useMemo(
    () => d3.scaleLinear().domain([0, domain]).range([0, layout.innerWidthPx]),
    [domain, layout.innerWidthPx],
  );
  const y = useMemo(
    () => d3.scaleLinear().domain([0, 1]).range([layout.innerHeightPx, 0]),
    [layout.innerHeightPx],
  );
  const ticks = d3.ticks(0, domain / GIB, isNarrowPlot(widthPx) ? 3 : 6).map((v) => v * GIB);
  const capacityPx = x(capacityBytes);
  const c = classPrefix;
  return (
    <PlotFrame
      layout={layout}
      className={`${c}-membar`}
      name={name}
      x={{
        scale: x,
        ticks,
        format: (v) => `${formatCount(v / GIB)} GiB`,
        title: 'bytes on one GPU (modeled)',
      }}
      y={{ scale: y, ticks: [], format: String, line: false, tickSizePx: 0 }}
      grid={false}
    >
      {parts.map((p) =>
        p.bytes > 0 ? (
          <rect
            key={p.part}
            className={`${c}-mem ${c}-mem--${p.part}`}
            data-part={p.part}
            data-bytes={p.bytes}
            x={x(p.start)}
            y={BAR_TOP_PX}
            width={Math.max(0, x(p.start + p.bytes) - x(p.start))}
            height={BAR_HEIGHT_PX}
          />
        ) : null,
      )}
      <line
        className={`${c}-membar__capacity`}
        x1={capacityPx}
        x2={capacityPx}
        y1={-MARGIN.top + 14}
        y2={BAR_TOP_PX + BAR_HEIGHT_PX + 4}
      />
      <text
        className={`${c}-membar__label`}
        x={capacityPx - 4}
        y={-MARGIN.top + 22}
        textAnchor="end"
      >
        {`${formatBytesBinary(capacityBytes)} on the GPU`}
      </text>
    </PlotFrame>
  );
}
