/**
 * What a link may set in the transfer simulator, declared once as its state schema: the
 * simulated GPU, the link generation, pinned or pageable host memory, `non_blocking`, and the
 * largest size "Measure my device" tries. Measured points never go in a link. Pure.
 */
import { getGpu } from '../../engine/catalog';
import { BENCH_MAX_CHOICES_BYTES } from './bench-sizes';
import { sessionGpuField } from '../../network-step';
import { DEFAULT_GPU } from '../../torch';
import { booleanField, defineWidgetSchema, enumField, type SchemaState } from '../../state/schema';
import { choosableLinks } from './bandwidth-model';

const MIB = 1024 ** 2;

/** The measurement's largest size as written in a link: whole MiB (`64`). */
export function maxChoiceOf(bytes: number): string {
  return String(bytes / MIB);
}

/** Bytes of a largest-size choice (`64` → 64 MiB). */
export function maxBytesOf(choice: string): number {
  return Number(choice) * MIB;
}

/** The transfer simulator's settings. */
export const transferSchema = defineWidgetSchema({
  id: 'transfer',
  version: 1,
  fields: {
    /** The catalog GPU the session simulates (shared with the page's other widgets). */
    gpu: sessionGpuField(),
    /** The host link copies cross (shared); picking a GPU resets it to that GPU's own. */
    link: enumField({
      key: 'link',
      label: 'Link',
      default: getGpu(DEFAULT_GPU).hostLink,
      values: choosableLinks,
    }),
    /** Host tensors are pinned before an upload (page-locked memory). */
    pinned: booleanField({ key: 'pinned', label: 'Pinned host memory', default: false }),
    /** Copies pass `non_blocking=True`. */
    nonBlocking: booleanField({ key: 'nb', label: 'non_blocking', default: false }),
    /** Largest size "Measure my device" tries, in MiB. */
    maxMiB: enumField({
      key: 'max',
      label: 'Largest size (MiB)',
      default: maxChoiceOf(64 * MIB),
      values: () => BENCH_MAX_CHOICES_BYTES.map(maxChoiceOf),
    }),
  },
});

/** The transfer simulator's settings. */
export type TransferSettings = SchemaState<typeof transferSchema>;
