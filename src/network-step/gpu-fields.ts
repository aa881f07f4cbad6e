/**
 * The GPU a modeled step runs on, as a settings field: one of the CUDA catalog GPUs (the page's
 * simulated session, the memory simulator, the network profile, the data-parallel and precision
 * explorers), the session's default unless a link says otherwise. One definition, so the key,
 * default, choices and the picker's label cannot drift apart. Pure.
 */
import { enumField, type EnumField } from '../state/schema';
import type { Gpu, GpuId } from '../engine/catalog';
import { cudaGpus, DEFAULT_GPU } from '../torch';

/** What a GPU field may differ in. */
export interface GpuFieldOptions {
  /** The name notices use ("GPU" unless given); forms show "Simulated GPU". */
  label?: string;
  /** Only the CUDA GPUs this keeps (those with a GPU-to-GPU link, say); all of them otherwise. */
  only?(gpu: Gpu): boolean;
}

/** The label the GPU picker shows: the GPU plays the simulated CUDA device. */
export const SIMULATED_GPU = 'Simulated GPU';

/** A `gpu` field: one of the CUDA catalog GPUs, the session's default unless a link says otherwise. */
export function catalogGpuField({ label = 'GPU', only }: GpuFieldOptions = {}): EnumField<GpuId> {
  return enumField<GpuId>({
    key: 'gpu',
    label,
    formLabel: SIMULATED_GPU,
    default: DEFAULT_GPU,
    values: () => (only ? cudaGpus().filter(only) : cudaGpus()).map((g) => g.id),
  });
}

/** The `gpu` field of a widget that shares the page's simulated session. */
export function sessionGpuField(): EnumField<GpuId> {
  return catalogGpuField({ label: SIMULATED_GPU });
}
