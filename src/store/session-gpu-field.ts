/**
 * The settings field every widget on the page's shared session declares for its simulated GPU
 * (the console and the transfer simulator): one of the CUDA catalog GPUs, the session's default
 * unless a lesson or a link says otherwise. Pure.
 */
import { enumField, type EnumField } from '../state/fields';
import type { GpuId } from '../engine';
import { cudaGpus, DEFAULT_GPU } from '../torch';

/** The `gpu` field of a widget that shares the page's simulated session. */
export function sessionGpuField(): EnumField<GpuId> {
  return enumField<GpuId>({
    key: 'gpu',
    label: 'Simulated GPU',
    default: DEFAULT_GPU,
    values: () => cudaGpus().map((g) => g.id),
  });
}
