import { useRef } from 'react';
import { scaleLinear } from 'd3';
import type { LessonRow } from '../../class-report/report';
import { useElementWidth } from '../../ui/useElementWidth';

/** The funnel's three steps, in order, with their legend words. */
const STEPS = [
  { key: 'visited', label: 'Visited' },
  { key: 'completed', label: 'Completed' },
  { key: 'allRight', label: 'All its checks right' },
] as const;

const LABEL_PX = 18;
const BAR_PX = 11;
const GAP_PX = 2;
const ROW_GAP_PX = 12;
const VALUE_PX = 40;

/**
 * Each lesson as a funnel of three bars: learners who visited it, completed it, and answered
 * all its own checks right, out of every learner read. The lesson's name sits above its bars, so
 * it reads at phone width; each bar carries its number. d3 computes the scale; React draws.
 */
export function FunnelPlot({
  lessons,
  learners,
}: {
  lessons: readonly LessonRow[];
  learners: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box, 640);
  const barsWidth = Math.max(80, width - VALUE_PX);
  const x = scaleLinear()
    .domain([0, Math.max(1, learners)])
    .range([0, barsWidth]);
  const rowPx = LABEL_PX + STEPS.length * (BAR_PX + GAP_PX) + ROW_GAP_PX;
  const height = lessons.length * rowPx;
  const summary = lessons
    .map(
      (l) =>
        `${l.order}. ${l.title}: ${l.visited} visited, ${l.completed} completed, ${l.allRight === null ? 'no checks' : `${l.allRight} all right`}`,
    )
    .join('; ');
  return (
    <figure className="cr-funnel" ref={box}>
      <ul className="cr-legend" aria-hidden="true">
        {STEPS.map((s) => (
          <li key={s.key}>
            <span className={`cr-swatch cr-step-${s.key}`} /> {s.label}
          </li>
        ))}
      </ul>
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Each lesson's funnel, out of ${learners} learners: ${summary}.`}
      >
        {lessons.map((lesson, row) => {
          const top = row * rowPx;
          return (
            <g key={lesson.slug} transform={`translate(0,${top})`} data-funnel={lesson.slug}>
              <text className="cr-funnel-label" x={0} y={LABEL_PX - 5}>
                {lesson.order}. {lesson.title}
              </text>
              {STEPS.map((step, i) => {
                const value = lesson[step.key];
                const y = LABEL_PX + i * (BAR_PX + GAP_PX);
                const w = value === null ? 0 : x(value);
                return (
                  <g key={step.key}>
                    <rect className="cr-track" x={0} y={y} width={barsWidth} height={BAR_PX} />
                    <rect
                      className={`cr-bar cr-step-${step.key}`}
                      x={0}
                      y={y}
                      width={Math.max(value ? 1 : 0, w)}
                      height={BAR_PX}
                    />
                    <text className="cr-bar-value" x={w + 4} y={y + BAR_PX - 2}>
                      {value === null ? '—' : value}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption>
        Out of {learners} {learners === 1 ? 'learner' : 'learners'}. The table below gives each
        number.
      </figcaption>
    </figure>
  );
}
