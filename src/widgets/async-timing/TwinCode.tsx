import { useId } from 'react';
import { formatSeconds } from '../../format/units';
import { TWIN_MARKS } from './clock-text';
import type { TimingReport } from './model';
import { TWINS } from './twins';

/** The warm median this demo measured for a twin's clock, or null. */
function measured(report: TimingReport | null, id: (typeof TWINS)[number]['id']): number | null {
  if (!report) return null;
  const clock = id === 'timer' ? 'completion' : id;
  return report.rows.find((r) => r.clock === clock)?.warm?.medianSeconds ?? null;
}

/**
 * Each way of timing, as the WebGPU code this demo runs beside the PyTorch code that measures the
 * same thing on a CUDA GPU, with the demo's own figure once it has one.
 */
export function TwinCode({ report }: { report: TimingReport | null }) {
  const titleId = useId();
  return (
    <section className="at-twins" aria-labelledby={titleId} data-twins>
      <h4 id={titleId}>The same clocks in PyTorch</h4>
      <p>
        Each row of the table has a twin in PyTorch on a CUDA GPU: the WebGPU lines this demo runs,
        shortened, beside the Python that measures the same thing (with <code>a</code> and{' '}
        <code>b</code> two CUDA tensors, after a warm-up).
      </p>
      {TWINS.map((twin, i) => {
        const figure = measured(report, twin.id);
        return (
          <figure key={twin.id} className="at-twin" data-twin={twin.id}>
            <figcaption>
              <strong>
                {TWIN_MARKS[i]} {twin.title}
              </strong>{' '}
              <span className={`at-verdict at-verdict--${twin.verdict}`}>
                {twin.verdict === 'wrong' ? 'measures the queueing' : 'measures the work'}
              </span>{' '}
              {twin.summary}
              {figure !== null ? (
                <span className="at-twin-figure">
                  {' '}
                  Here, warm median: <span data-twin-seconds={figure}>{formatSeconds(figure)}</span>
                  .
                </span>
              ) : null}
            </figcaption>
            <div className="at-twin-code">
              <div>
                <span className="at-code-label">WebGPU (this demo)</span>
                <pre>
                  <code>{twin.webgpu}</code>
                </pre>
              </div>
              <div>
                <span className="at-code-label">PyTorch on a CUDA GPU</span>
                <pre>
                  <code>{twin.pytorch}</code>
                </pre>
              </div>
            </div>
          </figure>
        );
      })}
    </section>
  );
}
