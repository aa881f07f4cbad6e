import type { ExplorerState } from './controller';
import {
  formatBytesBinary,
  formatCount,
  formatGigabytesPerSecond,
  formatSeconds,
  formatTeraflopsPerSecond,
} from '../../format/units';
import { playbackSeconds } from './playback';
import { plural, slowdownPhrase } from './summary';
import type { WavePlan } from './schedule';

const BOUND_TEXT = {
  overhead: 'the launch costs more than the work at this size',
  memory: 'memory bound: moving the bytes takes longer than the arithmetic',
  compute: 'compute bound: the arithmetic takes longer than moving the bytes',
} as const;

/** One sentence on the wave count of the picture not being played. */
function otherPictureText(other: WavePlan): string {
  return other.residency === 'resident'
    ? `With up to ${formatCount(other.threadsPerSmLimit)} resident threads per SM, as the hardware runs it: ${plural(other.schedule.waves, 'wave')}.`
    : `At one thread per core: ${plural(other.schedule.waves, 'wave')}.`;
}

/** The wave counts under both pictures and the cost engine's time for the kernel. */
export function ModelReadout({ state }: { state: ExplorerState }) {
  const { plan, otherPlan, model, hardware } = state;
  const bytes = plan.elements * 8;
  const other = otherPlan;
  return (
    <div className="explorer-model" data-model>
      <p>
        This picture:{' '}
        <strong data-waves={plan.schedule.waves}>
          {formatCount(plan.schedule.waves)} wave{plan.schedule.waves === 1 ? '' : 's'}
        </strong>{' '}
        of up to {formatCount(plan.schedule.blocksPerWave)} blocks ({formatCount(plan.blocks)}{' '}
        blocks of {formatCount(plan.threadsPerBlock)} threads). {otherPictureText(other)}
      </p>
      <p>
        <span className="tag-modeled">modeled</span> Cost engine, {hardware.name}:{' '}
        <strong data-modeled-seconds={model.seconds}>{formatSeconds(model.seconds)}</strong> ={' '}
        {formatSeconds(model.launchSeconds)} launch +{' '}
        {model.memorySeconds >= model.computeSeconds
          ? `${formatSeconds(model.memorySeconds)} to read and write ${formatBytesBinary(bytes)} at ${formatGigabytesPerSecond(model.bytesPerSecond)} achievable`
          : `${formatSeconds(model.computeSeconds)} of arithmetic at ${formatTeraflopsPerSecond(model.flopsPerSecond)} achievable`}{' '}
        ({BOUND_TEXT[model.bound]}). The time uses the real residency, whichever picture you watch.
      </p>
      <p className="hint">{slowdownPhrase(playbackSeconds(plan.schedule.waves), model.seconds)}</p>
    </div>
  );
}
