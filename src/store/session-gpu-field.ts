/**
 * Settings fields that several widgets declare the same way: a CUDA catalog GPU (the page's
 * simulated session, the memory simulator, the network profile, the precision explorer) and the
 * precision of a modeled training step. One definition each, so their keys, defaults and
 * choices cannot drift apart. Pure.
 */
import { enumField, type EnumField } from '../state/fields';
import { NETWORK_PRECISIONS, type NetworkPrecision } from '../engine/models';
import { type GpuId } from '../engine/catalog';
import { cudaGpus, DEFAULT_GPU } from '../torch';

/** A `gpu` field: one of the CUDA catalog GPUs, the session's default GPU unless a link says otherwise. */
export function catalogGpuField(label = 'GPU'): EnumField<GpuId> {
  return enumField<GpuId>({
    key: 'gpu',
    label,
    default: DEFAULT_GPU,
    values: () => cudaGpus().map((g) => g.id),
  });
}

/** The `gpu` field of a widget that shares the page's simulated session. */
export function sessionGpuField(): EnumField<GpuId> {
  return catalogGpuField('Simulated GPU');
}

/** A `prec` field: the precision a modeled step trains in, AMP with bf16 unless a link says otherwise. */
export function stepPrecisionField(): EnumField<NetworkPrecision> {
  return enumField<NetworkPrecision>({
    key: 'prec',
    label: 'Precision',
    default: 'amp-bf16',
    values: NETWORK_PRECISIONS,
  });
}
