import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useWidgetState } from '../../state/useWidgetState';
import { PresetButtons } from '../../ui/PresetButtons';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import type { WidgetStatus } from '../../ui/frame/status';
import { formatCount } from '../../format/units';
import { useElementWidth } from '../../ui/useElementWidth';
import { AmdahlChart } from './AmdahlChart';
import { chartSeries } from './chart-series';
import {
  axisMaxCores,
  buildCurve,
  DEFAULT_FRACTIONS,
  DEFAULT_MAX_CORES,
  readSpeedup,
  speedupAxisMax,
  visibleReferences,
} from './model';
import {
  formatCeiling,
  formatCoresPhrase,
  formatFraction,
  formatSpeedup,
  plotDescription,
  readoutSentence,
} from './readout';
import {
  coreCountStops,
  fractionStops,
  nearestFractionStopIndex,
  nearestStopIndex,
} from './slider-stops';
import { speedupTable, tableCoreCounts } from './speedup-table';
import { amdahlSchema } from './settings';
import { FieldLabel, fieldLabel } from '../../ui/field';
import './amdahl.css';
import { amdahlFace } from './face';

/** Props of the Amdahl plot as a lesson writes them. */
export interface AmdahlPlotProps {
  /** Parallel fractions to draw, each in [0, 1); default 0.5, 0.9, 0.95, 0.99, 0.999. */
  fractions?: number[];
  /** Largest core count on the x axis (integer >= 2); default 16,384. */
  maxCores?: number;
  /** Starting value of the learner's own p (0 to 0.999); default 0.95. A link's `p` wins. */
  initialFraction?: number;
  /** Starting core count of the marker (snapped to the slider's stops); default 6,912. */
  initialCores?: number;
}

/** Whether text typed in the exact-p box reads as a number yet (`0.` does, `` and `-` not). */
function isNumberText(text: string): boolean {
  return text.trim() !== '' && Number.isFinite(Number(text));
}

/** Width used before the container is measured, and where it cannot be. */
const FALLBACK_WIDTH_PX = 640;

/** Interactive plot of Amdahl's law: speedup against cores for several parallel fractions. */
export default function AmdahlPlot({
  fractions = [...DEFAULT_FRACTIONS],
  maxCores = DEFAULT_MAX_CORES,
  initialFraction,
  initialCores,
}: AmdahlPlotProps) {
  const settings = useWidgetState(amdahlSchema, {
    fraction: initialFraction,
    cores: initialCores,
  });
  const yourFraction = settings.state.fraction;
  const fractionLimits = amdahlSchema.fields.fraction;
  const idPrefix = `amdahl-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const containerRef = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(containerRef, FALLBACK_WIDTH_PX);

  const fractionsKey = fractions.join(',');
  const lessonFractions = useMemo(
    () => [...new Set(fractionsKey.split(',').map(Number))],
    [fractionsKey],
  );
  const axisMax = axisMaxCores(maxCores);
  const references = useMemo(() => visibleReferences(maxCores), [maxCores]);
  const coreStops = useMemo(() => coreCountStops(maxCores), [maxCores]);
  const pStops = useMemo(() => fractionStops(), []);
  const lessonCurves = useMemo(
    () => lessonFractions.map((p) => buildCurve(p, axisMax)),
    [lessonFractions, axisMax],
  );

  const [status, setStatus] = useState<WidgetStatus>('idle');
  // The marker stands at the slider stop nearest the chosen count (the axis depends on maxCores).
  const coreCount = coreStops[nearestStopIndex(coreStops, settings.state.cores)] ?? 1;
  /** Text in the exact-p box while the learner is typing, null when it mirrors `yourFraction`. */
  const [fractionDraft, setFractionDraft] = useState<string | null>(null);

  useEffect(() => setStatus('done'), []);

  const yourCurve = useMemo(() => buildCurve(yourFraction, axisMax), [yourFraction, axisMax]);
  const series = useMemo(() => chartSeries(lessonCurves, yourCurve), [lessonCurves, yourCurve]);

  const tableCounts = useMemo(() => tableCoreCounts(maxCores), [maxCores]);
  const tableRows = speedupTable([...lessonFractions, yourFraction], tableCounts);
  const referenceHere = references.find((ref) => ref.coreCount === coreCount);

  // Out-of-range text is clamped by the schema, with a notice; half-typed text waits.
  const commitDraft = (text: string) => {
    setFractionDraft(text);
    if (isNumberText(text)) settings.set({ fraction: text });
  };

  return (
    <WidgetRoot widget={amdahlFace} status={status} settings={settings}>
      <p className="amdahl__hint">
        Each curve is one parallel fraction p. Move the sliders, or point at the plot, to read the
        speedup at any number of cores.
      </p>
      <div ref={containerRef} className="amdahl__plot">
        <AmdahlChart
          series={series}
          axisMaxCores={axisMax}
          speedupAxisMax={speedupAxisMax(lessonFractions)}
          markerCoreCount={coreCount}
          references={references}
          widthPx={widthPx}
          title="Amdahl's law: speedup against number of cores"
          description={plotDescription(lessonFractions, coreCount)}
          idPrefix={idPrefix}
        />
      </div>

      <p className="amdahl__readout" aria-live="polite" data-testid="amdahl-readout">
        {readoutSentence(yourFraction, coreCount)}
      </p>

      <div className="amdahl__controls">
        <div className="amdahl__control">
          <FieldLabel field={fractionLimits} htmlFor={`${idPrefix}-p`} />
          <div className="amdahl__control-row">
            <input
              id={`${idPrefix}-p`}
              type="range"
              min={0}
              max={pStops.length - 1}
              step={1}
              value={nearestFractionStopIndex(pStops, yourFraction)}
              aria-valuetext={`p = ${formatFraction(yourFraction)}`}
              onChange={(event) => {
                setFractionDraft(null);
                settings.set({ fraction: pStops[Number(event.target.value)] ?? yourFraction });
              }}
            />
            <input
              className="amdahl__number"
              type="number"
              aria-label={`${fieldLabel(fractionLimits)}, exact value`}
              min={fractionLimits.min}
              max={fractionLimits.max}
              step={fractionLimits.step}
              inputMode="decimal"
              value={fractionDraft ?? String(yourFraction)}
              onChange={(event) => commitDraft(event.target.value)}
              onBlur={() => setFractionDraft(null)}
            />
          </div>
        </div>

        <div className="amdahl__control">
          <FieldLabel field={amdahlSchema.fields.cores} htmlFor={`${idPrefix}-n`} />
          <div className="amdahl__control-row">
            <input
              id={`${idPrefix}-n`}
              type="range"
              min={0}
              max={coreStops.length - 1}
              step={1}
              value={nearestStopIndex(coreStops, coreCount)}
              aria-valuetext={`${formatCoresPhrase(coreCount)}${referenceHere ? ` (${referenceHere.detail})` : ''}`}
              onChange={(event) =>
                settings.set({ cores: coreStops[Number(event.target.value)] ?? coreCount })
              }
            />
            <output htmlFor={`${idPrefix}-n`} className="amdahl__output">
              {formatCount(coreCount)}
            </output>
          </div>
          <PresetButtons
            className="amdahl__presets"
            label="Real core counts"
            presets={references.map((ref) => ({
              key: ref.label,
              label: `${ref.label} (${formatCount(ref.coreCount)})`,
              title: ref.detail,
              pressed: coreCount === ref.coreCount,
              onPick: () => settings.set({ cores: ref.coreCount }),
            }))}
          />
        </div>
      </div>

      <div className="amdahl__legend">
        <p className="amdahl__legend-heading">{`At N = ${formatCount(coreCount)}:`}</p>
        <ul>
          {series.map((s) => {
            const reading = readSpeedup(s.curve.fraction, coreCount);
            return (
              <li key={s.key} className={s.className} data-fraction={s.curve.fraction}>
                <svg className="amdahl__swatch" width={28} height={10} aria-hidden="true">
                  <line
                    className={`amdahl__curve${s.kind === 'yours' ? ' amdahl__curve--yours' : ''}`}
                    x1={1}
                    x2={27}
                    y1={5}
                    y2={5}
                  />
                </svg>
                <span className="amdahl__legend-label">{s.label}</span>
                <span>{`${formatSpeedup(reading.speedup)}× of a ${formatCeiling(reading.limitSpeedup)}× ceiling`}</span>
              </li>
            );
          })}
        </ul>
      </div>

      {/* Hidden through a wrapper: a table will not shrink to the 1 px the class asks for. */}
      <div className="amdahl__sr-only">
        <table data-testid="amdahl-table">
          <caption>Amdahl speedup at selected core counts for each parallel fraction p</caption>
          <thead>
            <tr>
              <th scope="col">Parallel fraction</th>
              <th scope="col">Ceiling</th>
              {tableCounts.map((n) => (
                <th key={n} scope="col">
                  {formatCoresPhrase(n)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tableRows.map((row, i) => (
              <tr key={`${row.fraction}-${i}`}>
                <th scope="row">
                  {`${i === tableRows.length - 1 ? 'your ' : ''}p = ${formatFraction(row.fraction)}`}
                </th>
                <td>{`${formatCeiling(row.limitSpeedup)}×`}</td>
                {row.speedups.map((speedup, j) => (
                  <td key={tableCounts[j]}>{`${formatSpeedup(speedup)}×`}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </WidgetRoot>
  );
}
