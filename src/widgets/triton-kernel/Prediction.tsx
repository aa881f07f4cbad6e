import { formatSeconds } from '../../format/units';
import type { KernelPrediction } from './deps';

/**
 * The cost engine's prediction beside measured times: the puzzle's kernel at the size named on
 * the catalog GPU chosen above, marked modeled, and at the puzzle's working size (far past the
 * checked ones, where the roofline rather than the launch decides); or why there is none.
 */
export function Prediction({
  prediction,
  sizeText,
  working,
}: {
  prediction: KernelPrediction;
  sizeText: string;
  working?: { prediction: KernelPrediction; sizeText: string };
}) {
  if (!prediction.ok) {
    return (
      <p className="pz-warn" data-prediction="none">
        No prediction: {prediction.message}
      </p>
    );
  }
  return (
    <p className="tk-prediction" data-prediction={prediction.seconds}>
      <span className="tag-modeled">modeled</span> The cost engine predicts{' '}
      <strong>{formatSeconds(prediction.seconds)}</strong> for this kernel at {sizeText} on{' '}
      {prediction.gpuName} ({prediction.bound} bound)
      {working?.prediction.ok ? (
        <span data-working-seconds={working.prediction.seconds}>
          , and <strong>{formatSeconds(working.prediction.seconds)}</strong> at {working.sizeText} (
          {working.prediction.bound} bound)
        </span>
      ) : null}
      : a roofline of the bytes and FLOPs it moves, for a well-written kernel on that GPU.
    </p>
  );
}
