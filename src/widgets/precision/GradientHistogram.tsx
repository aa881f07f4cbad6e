import { useMemo, useRef } from 'react';
import * as d3 from 'd3';
import { isNarrowPlot, plotLayout } from '../../ui/plot/layout';
import { PlotFrame } from '../../ui/plot/PlotFrame';
import { useElementWidth } from '../../ui/useElementWidth';
import {
  GRADIENT_CLASSES,
  HISTOGRAM,
  type ClassBounds,
  type GradientClass,
  type HistogramBin,
} from './loss-scaling';
import './precision.css';
import './loss-scaling.css';

/** Props of the histogram. */
export interface GradientHistogramProps {
  bins: readonly HistogramBin[];
  bounds: ClassBounds;
  /** log2 of the scale, for the description. */
  scaleLog2: number;
  /** One sentence on the shares, for the description. */
  summary: string;
  idPrefix: string;
}

/** A power of ten on the axis: "1e-8", "1". */
function decade(log10: number): string {
  return log10 === 0 ? '1' : `1e${log10}`;
}

const MARKS: ReadonlyArray<{ key: keyof ClassBounds; label: string; short: string }> = [
  { key: 'smallestSubnormal', label: 'smallest subnormal', short: 'min sub.' },
  { key: 'smallestNormal', label: 'smallest normal', short: 'min normal' },
  { key: 'largest', label: 'largest (65504)', short: 'max' },
];

/** Words of each class, for the legend. */
export const CLASS_LABELS: Record<GradientClass, string> = {
  zero: 'flushed to zero',
  subnormal: 'subnormal (precision lost)',
  normal: 'normal',
  overflow: 'overflow (inf)',
};

/**
 * Gradient magnitudes after scaling on a log axis, stacked by what fp16 makes of them, over the
 * outline of the unscaled sample, with fp16's smallest subnormal, smallest normal and largest
 * value marked.
 */
export function GradientHistogram({
  bins,
  bounds,
  scaleLog2,
  summary,
  idPrefix,
}: GradientHistogramProps) {
  const box = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(box, 640);
  const narrow = isNarrowPlot(widthPx);
  const layout = plotLayout(
    widthPx,
    { top: 30, right: 12, bottom: 40, left: 52, narrow: { left: 40 } },
    { aspect: 0.42, minHeightPx: 220, maxHeightPx: 320, minInnerWidthPx: 120 },
  );
  const total = (b: HistogramBin) => GRADIENT_CLASSES.reduce((s, c) => s + b.counts[c], 0);
  const maxCount = Math.max(1, ...bins.map((b) => Math.max(total(b), b.unscaled)));
  const x = useMemo(
    () =>
      d3
        .scaleLinear()
        .domain([HISTOGRAM.log10Min, HISTOGRAM.log10Max])
        .range([0, layout.innerWidthPx]),
    [layout.innerWidthPx],
  );
  const y = useMemo(
    () => d3.scaleLinear().domain([0, maxCount]).nice().range([layout.innerHeightPx, 0]),
    [maxCount, layout.innerHeightPx],
  );
  const step = narrow ? 4 : 2;
  const xTicks = d3.range(HISTOGRAM.log10Min, HISTOGRAM.log10Max + 1, step);
  const outline = d3
    .line<HistogramBin>()
    .curve(d3.curveStepAfter)
    .x((b) => x(b.log10From))
    .y((b) => y(b.unscaled))(bins);
  return (
    <div ref={box} className="precision-histogram">
      <PlotFrame
        layout={layout}
        name={{
          idPrefix,
          title: `Gradients in fp16 with the loss scaled by 2^${scaleLog2}`,
          description: summary,
        }}
        x={{ scale: x, ticks: xTicks, format: decade, title: '|gradient| × scale (log scale)' }}
        y={{ scale: y, ticks: y.ticks(4), format: d3.format('~s'), title: 'Gradients' }}
      >
        {bins.map((b) => {
          let top = 0;
          return GRADIENT_CLASSES.map((c) => {
            const count = b.counts[c];
            if (count === 0) return null;
            const y0 = y(top);
            top += count;
            const y1 = y(top);
            return (
              <rect
                key={`${b.log10From}-${c}`}
                className={`histogram-bar histogram-bar--${c}`}
                x={x(b.log10From)}
                width={Math.max(1, x(b.log10To) - x(b.log10From) - 1)}
                y={y1}
                height={Math.max(0, y0 - y1)}
              />
            );
          });
        })}
        {outline ? <path className="histogram-unscaled" d={outline} /> : null}
        {MARKS.map((mark, i) => {
          const at = x(Math.log10(bounds[mark.key]));
          return (
            <g key={mark.key} className="histogram-mark">
              <line x1={at} x2={at} y1={-6 - 10 * (i % 2)} y2={layout.innerHeightPx} />
              <text x={at} y={-9 - 10 * (i % 2)} textAnchor="middle">
                {narrow ? mark.short : mark.label}
              </text>
            </g>
          );
        })}
      </PlotFrame>
      <ul className="histogram-legend">
        {GRADIENT_CLASSES.map((c) => (
          <li key={c}>
            <span className={`histogram-swatch histogram-bar--${c}`} aria-hidden="true" />
            {CLASS_LABELS[c]}
          </li>
        ))}
        <li>
          <span className="histogram-swatch histogram-swatch--outline" aria-hidden="true" />
          before scaling
        </li>
      </ul>
    </div>
  );
}
