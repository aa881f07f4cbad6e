import { useMemo, useRef } from 'react';
import * as d3 from 'd3';
import { formatBytesBinary } from '../../format/units';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { isNarrowPlot, plotLayout } from '../../ui/plot/layout';
import { useElementWidth } from '../../ui/useElementWidth';
import { barDomainBytes, barTicksBytes } from './bar-scale';
import type { BarPart, PartId } from './bar-parts';
import './memory-bar.css';

/** Props of the stacked memory bar. */
export interface MemoryBarProps {
  parts: readonly BarPart[];
  capacityBytes: number;
  gpuName: string;
  activePart: PartId | null;
  onHover(part: PartId | null): void;
  idBase: string;
}

const MARGIN = { top: 30, right: 16, bottom: 36, left: 12 };
const BAR_TOP_PX = 8;
const BAR_HEIGHT_PX = 40;

/** A byte tick's label. */
const tickLabel = (bytes: number): string => formatBytesBinary(bytes);

/**
 * The step's peak as one stacked horizontal bar against the GPU's memory: the parts in order,
 * the capacity as a marked line where out-of-memory begins, and what runs past it shaded. Its
 * text equivalent is the parts table beside it; hovering or tapping a part shows its explanation.
 */
export function MemoryBar({
  parts,
  capacityBytes,
  gpuName,
  activePart,
  onHover,
  idBase,
}: MemoryBarProps) {
  const holder = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(holder, 720);
  const layout = plotLayout(widthPx, MARGIN, {
    aspect: 0,
    minHeightPx: 120,
    maxHeightPx: 120,
    minInnerWidthPx: 160,
  });
  const totalBytes = parts.reduce((sum, p) => sum + p.bytes, 0);
  const domain = barDomainBytes(totalBytes, capacityBytes);
  const narrow = isNarrowPlot(widthPx);
  const x = useMemo(
    () => d3.scaleLinear().domain([0, domain]).range([0, layout.innerWidthPx]),
    [domain, layout.innerWidthPx],
  );
  const ticks = useMemo(() => barTicksBytes(domain, narrow ? 3 : 6), [domain, narrow]);
  const y = useMemo(
    () => d3.scaleLinear().domain([0, 1]).range([layout.innerHeightPx, 0]),
    [layout.innerHeightPx],
  );
  const capacityPx = x(capacityBytes);
  const over = totalBytes > capacityBytes;
  const labelAnchor = capacityPx > layout.innerWidthPx * 0.6 ? 'end' : 'start';
  const description = `${parts
    .filter((p) => p.bytes > 0)
    .map((p) => `${p.label} ${formatBytesBinary(p.bytes)}`)
    .join(
      ', ',
    )}. In all ${formatBytesBinary(totalBytes)} against ${formatBytesBinary(capacityBytes)} of GPU memory${over ? ': out of memory' : ''}. The table below lists each part.`;

  return (
    <div className="memory-bar-holder" ref={holder}>
      <PlotFrame
        layout={layout}
        className="memory-bar"
        name={{
          idPrefix: `${idBase}-bar`,
          title: `Peak memory of one step on the ${gpuName}`,
          description,
        }}
        x={{ scale: x, ticks, format: tickLabel, title: 'bytes on the GPU (modeled)' }}
        y={{ scale: y, ticks: [], format: tickLabel, line: false, tickSizePx: 0 }}
        grid={false}
      >
        {parts.map((part) => {
          if (part.bytes <= 0) return null;
          const left = x(part.startBytes);
          const width = Math.max(0, x(part.startBytes + part.bytes) - left);
          return (
            <rect
              key={part.id}
              className={`memory-bar__part memory-part-${part.id}${activePart === part.id ? ' is-active' : ''}`}
              data-part={part.id}
              x={left}
              y={BAR_TOP_PX}
              width={width}
              height={BAR_HEIGHT_PX}
              style={{ x: `${left}px`, width: `${width}px` }}
              onMouseEnter={() => onHover(part.id)}
              onMouseLeave={() => onHover(null)}
              // A tap (no hover on a touch screen) shows the part too.
              onClick={() => onHover(part.id)}
            />
          );
        })}
        {over && (
          <rect
            className="memory-bar__overflow"
            x={capacityPx}
            y={BAR_TOP_PX - 4}
            width={Math.max(0, x(totalBytes) - capacityPx)}
            height={BAR_HEIGHT_PX + 8}
            pointerEvents="none"
          />
        )}
        <line
          className="memory-bar__capacity"
          x1={capacityPx}
          x2={capacityPx}
          y1={-MARGIN.top + 16}
          y2={BAR_TOP_PX + BAR_HEIGHT_PX + 6}
        />
        <text
          className="memory-bar__capacity-label"
          x={capacityPx + (labelAnchor === 'end' ? -4 : 4)}
          y={-MARGIN.top + 24}
          textAnchor={labelAnchor}
        >
          {`${formatBytesBinary(capacityBytes)}: out of memory ${labelAnchor === 'end' ? 'past this line' : 'from here'}`}
        </text>
      </PlotFrame>
    </div>
  );
}
