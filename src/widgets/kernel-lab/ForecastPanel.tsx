import { describeSize, LAB_KERNELS } from '../../gpu';
import { formatSeconds } from '../../format/units';
import type { RunForecast } from './controller';
import { forecastSentence, outcomeSentence } from './prediction-text';

/**
 * The current run as the model of this device saw it: the prediction shown before the run
 * starts (and while it runs), then the measurement and the error, or why there is none.
 */
export function ForecastPanel({ forecast }: { forecast: RunForecast | null }) {
  // The live region stays in the page, so what appears in it is announced.
  return <div aria-live="polite">{forecast && <ForecastBox forecast={forecast} />}</div>;
}

function ForecastBox({ forecast }: { forecast: RunForecast }) {
  const { kernel, size, phase, row } = forecast;
  return (
    <div
      className="kl-forecast"
      data-forecast
      data-phase={phase}
      data-predicted={String(forecast.forecast.ok)}
    >
      <p>
        <span className="tag-modeled">modeled</span>{' '}
        <strong>
          {LAB_KERNELS[kernel].label}, {describeSize(kernel, size)}:
        </strong>{' '}
        <span data-forecast-text>{forecastSentence(forecast.forecast)}</span>
      </p>
      {phase === 'running' && forecast.forecast.ok && (
        <p className="kl-forecast__status">Running now; the measurement follows.</p>
      )}
      {phase === 'measured' && row && (
        <p>
          <span className="tag-measured">measured</span>{' '}
          <span data-outcome>
            {row.resized
              ? `Reduced to fit (${describeSize(row.kernel, row.size)}); for that size the model predicts ${formatSeconds(row.predictedSeconds)}. `
              : ''}
            {outcomeSentence(row.measuredSeconds, row.error)}
          </span>
        </p>
      )}
      {phase === 'stopped' && forecast.forecast.ok && (
        <p className="kl-forecast__status">
          The run did not finish, so there is nothing to compare.
        </p>
      )}
    </div>
  );
}
