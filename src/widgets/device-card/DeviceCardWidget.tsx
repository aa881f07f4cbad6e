import { shareGpu } from '../../gpu';
import { DeviceCard } from './DeviceCard';

/** The page's shared device, with timestamp queries where the adapter has them. */
const acquireShared = () => shareGpu({ optionalFeatures: ['timestamp-query'] });

/** The "your GPU" card as a lesson places it: the page's shared WebGPU device. */
export default function DeviceCardWidget() {
  return <DeviceCard acquire={acquireShared} />;
}
