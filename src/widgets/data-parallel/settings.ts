/**
 * What a link may set in the data-parallel simulator, declared once as its state schema: the
 * zoo network, the catalog GPU, GPUs per node and nodes, the link inside a node and between
 * nodes, the per-GPU batch, the precision (the network, GPU, batch and precision are the shared
 * fields of src/network-step, with their one set of limits), and how DDP keeps the model state
 * (replicated or sharded by ZeRO stage). A link the GPU cannot use, or a precision it cannot
 * run, falls back to one it can, with a notice. Pure.
 */
import {
  getGpu,
  getInterconnect,
  INTERCONNECT_IDS,
  INTERCONNECTS,
  type InterconnectId,
} from '../../engine/catalog';
import {
  peerLinksOf,
  SHARDING_STRATEGIES,
  type NetworkPrecision,
  type ShardingStrategy,
} from '../../engine/models';
import {
  batchField,
  catalogGpuField,
  networkField,
  precisionProblem,
  stepPrecisionField,
} from '../../network-step';
import { defineWidgetSchema, enumField, integerField, type SchemaState } from '../../state/schema';

/** GPU-to-GPU links inside a node, in catalog order. */
export const NODE_LINKS: readonly InterconnectId[] = INTERCONNECT_IDS.filter(
  (id) => INTERCONNECTS[id].scope === 'intra-node',
);

/** Links between nodes, in catalog order. */
export const NETWORK_LINKS: readonly InterconnectId[] = INTERCONNECT_IDS.filter(
  (id) => INTERCONNECTS[id].scope === 'inter-node',
);

/** Most GPUs in one node (an HGX board holds 8). */
export const MAX_GPUS_PER_NODE = 8;

/** Most nodes the simulator spreads over. */
export const MAX_NODES = 4;

/** Precisions to fall back to, most like the usual AMP first. */
const FALLBACK_PRECISIONS: readonly NetworkPrecision[] = ['amp-fp16', 'amp-bf16', 'tf32', 'fp32'];

/** The data-parallel simulator's settings. */
export const dataParallelSchema = defineWidgetSchema({
  id: 'data-parallel',
  version: 1,
  fields: {
    /** The zoo network each GPU trains a replica of. */
    network: networkField(),
    /** The catalog GPU in every slot: one with a GPU-to-GPU link (every CUDA GPU has PCIe). */
    gpu: catalogGpuField({ only: (g) => peerLinksOf(g).length > 0 }),
    /** GPUs in each node. */
    gpusPerNode: integerField({
      key: 'gpus',
      label: 'GPUs per node',
      default: 4,
      min: 1,
      max: MAX_GPUS_PER_NODE,
    }),
    /** Nodes, each with the same number of GPUs. */
    nodes: integerField({ key: 'nodes', label: 'Nodes', default: 1, min: 1, max: MAX_NODES }),
    /** GPU-to-GPU link inside a node. */
    link: enumField({
      key: 'link',
      label: 'Link inside a node',
      default: 'nvlink3',
      values: NODE_LINKS,
    }),
    /** Link between nodes. */
    nodeLink: enumField({
      key: 'netlink',
      label: 'Link between nodes',
      default: 'ib-hdr',
      values: NETWORK_LINKS,
    }),
    /** Samples per GPU per step: the shared batch's limits (they are one GPU's batch). */
    batch: batchField({ default: 32, label: 'Batch per GPU' }),
    precision: stepPrecisionField(),
    /** How DDP keeps the model state: replicated, or sharded by ZeRO stage (FSDP is stage 3). */
    sharding: enumField({
      key: 'shard',
      label: 'Model state',
      help: 'replicated on every GPU, or sharded',
      default: 'replicate',
      values: SHARDING_STRATEGIES,
    }),
  },
  check(state) {
    const notices: string[] = [];
    let next = state;
    const gpu = getGpu(state.gpu);
    const usable = peerLinksOf(gpu);
    const fastest = usable[0];
    if (fastest !== undefined && !usable.includes(state.link as InterconnectId)) {
      notices.push(
        `The ${gpu.name} cannot use ${getInterconnect(state.link).name}; using ${INTERCONNECTS[fastest].name}.`,
      );
      next = { ...next, link: fastest };
    }
    if (precisionProblem(state.gpu, state.precision) !== null) {
      const fallback =
        FALLBACK_PRECISIONS.find((p) => precisionProblem(state.gpu, p) === null) ?? 'fp32';
      notices.push(`The ${gpu.name} cannot train in ${state.precision}; using ${fallback}.`);
      next = { ...next, precision: fallback };
    }
    return { state: next, notices };
  },
});

/** Each strategy's name in the simulator, short enough for a select. */
export const STRATEGY_NAMES: Readonly<Record<ShardingStrategy, string>> = {
  replicate: 'DDP: every GPU keeps it all',
  zero1: 'ZeRO-1: shard optimizer states',
  zero2: 'ZeRO-2: and gradients',
  zero3: 'FSDP full shard (ZeRO-3): and weights',
};

/** Each strategy's short name, for tables and summaries. */
export const STRATEGY_SHORT_NAMES: Readonly<Record<ShardingStrategy, string>> = {
  replicate: 'DDP',
  zero1: 'ZeRO-1',
  zero2: 'ZeRO-2',
  zero3: 'FSDP (ZeRO-3)',
};

/** The data-parallel simulator's settings. */
export type DataParallelSettings = SchemaState<typeof dataParallelSchema>;

/** GPUs in all. */
export function totalGpus(settings: DataParallelSettings): number {
  return settings.gpusPerNode * settings.nodes;
}
