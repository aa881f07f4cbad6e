import { amdahlSpeedup } from '../../engine/models';
import type { ChartSeries } from './model';
import { formatCoresPhrase, formatSpeedup } from './readout';

const TOOLTIP_LINE_PX = 15;

/** Props of the hover tooltip. */
export interface HoverTooltipProps {
  coreCount: number;
  series: ChartSeries[];
  xPx: number;
  innerWidthPx: number;
  innerHeightPx: number;
  boxWidthPx: number;
  yOf: (speedup: number) => number;
}

/** The crosshair and value box shown while the pointer is over the plot. */
export function HoverTooltip({
  coreCount,
  series,
  xPx,
  innerWidthPx,
  innerHeightPx,
  boxWidthPx,
  yOf,
}: HoverTooltipProps) {
  const boxHeightPx = (series.length + 1) * TOOLTIP_LINE_PX + 10;
  const rightOfPointer = xPx + 10 + boxWidthPx <= innerWidthPx;
  const boxX = rightOfPointer ? xPx + 10 : Math.max(xPx - 10 - boxWidthPx, 0);
  return (
    <g className="amdahl__tooltip" data-testid="amdahl-tooltip" pointerEvents="none">
      <line className="amdahl__crosshair" x1={xPx} x2={xPx} y1={0} y2={innerHeightPx} />
      {series.map((s) => (
        <circle
          key={s.key}
          className={`amdahl__dot ${s.className}`}
          cx={xPx}
          cy={yOf(amdahlSpeedup(s.curve.fraction, coreCount))}
          r={3}
        />
      ))}
      <g transform={`translate(${boxX},4)`}>
        <rect className="amdahl__tooltip-box" width={boxWidthPx} height={boxHeightPx} rx={4} />
        <text x={8} y={TOOLTIP_LINE_PX} className="amdahl__tooltip-heading">
          {`At ${formatCoresPhrase(coreCount)}`}
        </text>
        {series.map((s, i) => (
          <text
            key={s.key}
            x={8}
            y={(i + 2) * TOOLTIP_LINE_PX}
            data-fraction={s.curve.fraction}
            className="amdahl__tooltip-row"
          >
            {`${s.label}: ${formatSpeedup(amdahlSpeedup(s.curve.fraction, coreCount))}×`}
          </text>
        ))}
      </g>
    </g>
  );
}
