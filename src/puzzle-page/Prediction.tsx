/**
 * The cost engine's prediction as one row of a puzzle's timings: a labelled choice of GPU (My
 * machine first when entered, else an RTX 4090) and the modeled time with what bounds it. Shared
 * by the WGSL and the Triton puzzle pages.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { listGpus } from '../engine/catalog';
import { formatSeconds } from '../format/units';
import type { PuzzlePrediction } from '../puzzles/predict';

/** The GPU the prediction is for by default: My machine when entered, else an RTX 4090. */
export function defaultGpuId(ids: readonly string[]): string {
  if (ids.includes('my-machine')) return 'my-machine';
  return ids.includes('rtx-4090') ? 'rtx-4090' : (ids[0] ?? '');
}

/** A `<div>` of a timings `<dl>`: the GPU chooser as its term, the modeled time as its value. */
export function PredictionRow({
  selectId,
  predict,
  more,
}: {
  /** The select's id (unique on the page). */
  selectId: string;
  /** The engine's time on a GPU, by id. */
  predict: (gpuId: string) => PuzzlePrediction;
  /** More about the chosen GPU, after the time (another size's prediction, say). */
  more?: (gpuId: string) => ReactNode;
}) {
  const gpus = useMemo(() => listGpus(), []);
  const [gpuId, setGpuId] = useState(() => defaultGpuId(gpus.map((g) => g.id)));
  const prediction = predict(gpuId);
  return (
    <div data-time="model" data-seconds={prediction.ok ? prediction.seconds : ''}>
      <dt>
        <label htmlFor={selectId}>Cost engine’s prediction (modeled) on</label>{' '}
        <select id={selectId} value={gpuId} onChange={(e) => setGpuId(e.target.value)}>
          {gpus.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </dt>
      <dd>
        {prediction.ok
          ? `${formatSeconds(prediction.seconds)} (${prediction.bound} bound)`
          : prediction.message}
        {more ? more(gpuId) : null}
      </dd>
    </div>
  );
}
