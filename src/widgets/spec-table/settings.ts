/**
 * What the learner sets in the spec table, declared once as its state schema: which catalog GPUs
 * it shows (at least one, the whole catalog by default, in catalog order, the learner's machine
 * last when entered), and the pure rule for
 * ticking one on or off. Pure.
 */
import { GPU_IDS, gpuIds, type GpuId } from '../../engine/catalog';
import { defineWidgetSchema, enumListField, type SchemaState } from '../../state/schema';

/** The spec table's settings. */
export const specTableSchema = defineWidgetSchema({
  id: 'spec-table',
  version: 1,
  fields: {
    /** Catalog ids of the GPUs shown, in the order of the rows. */
    gpus: enumListField({
      key: 'gpus',
      label: 'GPUs shown',
      default: GPU_IDS as readonly GpuId[],
      values: gpuIds,
      // the catalog and the learner's own machine
      maxLength: GPU_IDS.length + 1,
      minLength: 1,
    }),
  },
});

/** The spec table's settings. */
export type SpecTableSettings = SchemaState<typeof specTableSchema>;

/**
 * The GPUs shown after ticking `id` on or off: a GPU ticked on takes its catalog place (the
 * others keep their order), and the last GPU shown cannot be ticked off.
 */
export function toggleGpu(shown: readonly GpuId[], id: GpuId, on: boolean): GpuId[] {
  if (!on) {
    const rest = shown.filter((g) => g !== id);
    return rest.length > 0 ? rest : [...shown];
  }
  if (shown.includes(id)) return [...shown];
  const order = gpuIds();
  const at = order.indexOf(id);
  const before = shown.findIndex((g) => order.indexOf(g) > at);
  return before < 0 ? [...shown, id] : [...shown.slice(0, before), id, ...shown.slice(before)];
}
