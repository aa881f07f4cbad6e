/**
 * What the learner sets in the explorer, declared once as its state schema (the fields, their
 * defaults and limits, shared by the pickers, the lesson's props and the URL), the rules that
 * keep a setting usable (cores in whole warps, a block that fits its residency), and the
 * resolution of the "catalog's own" sentinel into the configuration the model runs. Pure.
 */
import { getGpu, gpuIds } from '../../engine/catalog';
import {
  checkState,
  defineWidgetSchema,
  enumField,
  integerField,
  type SchemaState,
} from '../../state/schema';
import { catalogCoresPerSm } from './hardware';

/** Most elements the explorer runs: 64 MiB per buffer, inside WebGPU's default binding limit. */
export const MAX_EXPLORER_ELEMENTS = 16_777_216;

/** Every residency, in the order the picker lists them. */
export const RESIDENCIES = ['one-per-core', 'resident'] as const;

/** How threads are placed on an SM in the animation. */
export type Residency = (typeof RESIDENCIES)[number];

/** Threads in a warp on every NVIDIA GPU. */
export const WARP_SIZE = 32;

/** The block sizes the explorer offers (whole warps, up to CUDA's 1024 per block). */
export const THREADS_PER_BLOCK: readonly number[] = [32, 64, 128, 256, 512, 1024];

/** SMs or cores per SM of 0: the chosen catalog GPU's own count (not set by hand). */
export const CATALOG_COUNT = 0;

/** The patch that puts SMs and cores per SM back to the catalog GPU's own. */
export const CATALOG_COUNTS = { sms: CATALOG_COUNT, coresPerSm: CATALOG_COUNT } as const;

/** The explorer's settings, resolved: SM and core counts are real counts here. */
export interface ExplorerConfig {
  /** Catalog GPU the figures come from. */
  gpuId: ExplorerSettings['gpuId'];
  sms: number;
  coresPerSm: number;
  /** Elements the kernel processes, one per thread. */
  elements: number;
  /** Threads per block (a workgroup in WebGPU). */
  threadsPerBlock: number;
  residency: Residency;
}

/** The largest threads-per-block choice a residency allows on an SM of `coresPerSm` cores. */
export function maxThreadsPerBlock(
  residency: Residency,
  coresPerSm: number,
  maxThreadsPerSm: number,
): number {
  const cap = residency === 'one-per-core' ? coresPerSm : Math.min(1024, maxThreadsPerSm);
  return THREADS_PER_BLOCK.filter((t) => t <= cap).at(-1) ?? WARP_SIZE;
}

/** The block sizes offered for a residency and SM. */
export function threadsPerBlockChoices(
  residency: Residency,
  coresPerSm: number,
  maxThreadsPerSm: number,
): number[] {
  const cap = maxThreadsPerBlock(residency, coresPerSm, maxThreadsPerSm);
  return THREADS_PER_BLOCK.filter((t) => t <= cap);
}

/** The offered block size nearest `threads` (on a log scale: 100 → 128, 40 → 32). */
function nearestBlockSize(threads: number): number {
  const distance = (t: number) => Math.abs(Math.log2(t) - Math.log2(threads));
  return THREADS_PER_BLOCK.reduce((best, t) => (distance(t) < distance(best) ? t : best));
}

/** The explorer's settings: a catalog GPU, hand-set counts (0 = its own), and the kernel. */
export const explorerSchema = defineWidgetSchema({
  id: 'explorer',
  version: 1,
  fields: {
    /** Catalog GPU the figures come from. */
    gpuId: enumField({
      key: 'gpu',
      label: 'GPU',
      formLabel: 'GPU from the catalog',
      default: 'a100-sxm-80gb',
      values: gpuIds,
    }),
    /** SMs set by hand; 0 = the catalog GPU's own. */
    sms: integerField({
      key: 'sms',
      label: 'SMs (0 = the GPU’s own)',
      default: CATALOG_COUNT,
      min: 0,
      max: 160,
    }),
    /** FP32 cores per SM set by hand (a multiple of 32); 0 = the catalog GPU's own. */
    coresPerSm: integerField({
      key: 'cores',
      label: 'Cores per SM (0 = the GPU’s own)',
      help: 'A multiple of 32, one warp',
      step: WARP_SIZE,
      default: CATALOG_COUNT,
      min: 0,
      max: 256,
    }),
    /** Elements the kernel processes, one thread each: the lesson's (1024, 512) example. */
    elements: integerField({
      key: 'elements',
      label: 'Elements',
      formLabel: 'Elements (one thread each)',
      default: 1024 * 512,
      min: 1,
      max: MAX_EXPLORER_ELEMENTS,
    }),
    /** Threads per block: one of THREADS_PER_BLOCK (the check snaps to the nearest). */
    threadsPerBlock: integerField({
      key: 'block',
      label: 'Threads per block',
      default: 64,
      min: 32,
      max: 1024,
    }),
    /** One thread per core (the simple picture) or every resident thread (the hardware's). */
    residency: enumField({
      key: 'residency',
      label: 'Residency',
      default: 'one-per-core',
      values: RESIDENCIES,
    }),
  },
  check(state) {
    const notices: string[] = [];
    const base = getGpu(state.gpuId);
    let cores = state.coresPerSm;
    if (cores !== CATALOG_COUNT && cores % WARP_SIZE !== 0) {
      cores = Math.min(256, Math.max(WARP_SIZE, Math.round(cores / WARP_SIZE) * WARP_SIZE));
      notices.push(`Cores per SM must be a multiple of 32 (one warp); using ${cores}.`);
    }
    // A count equal to the catalog's own is not a hand-set one: the link leaves it out.
    if (cores === catalogCoresPerSm(base)) cores = CATALOG_COUNT;
    const sms = state.sms === base.sms.value ? CATALOG_COUNT : state.sms;
    const resolvedCores = cores === CATALOG_COUNT ? catalogCoresPerSm(base) : cores;
    const largest = maxThreadsPerBlock(state.residency, resolvedCores, base.maxThreadsPerSm.value);
    const offered = THREADS_PER_BLOCK.includes(state.threadsPerBlock);
    const threadsPerBlock = Math.min(nearestBlockSize(state.threadsPerBlock), largest);
    if (!offered) {
      notices.push(
        `Threads per block must be one of ${THREADS_PER_BLOCK.join(', ')}; using ${threadsPerBlock}.`,
      );
    } else if (threadsPerBlock !== state.threadsPerBlock) {
      notices.push(
        state.residency === 'one-per-core'
          ? `With one thread per core, a block must fit on one SM's ${resolvedCores} cores; using ${threadsPerBlock} threads per block.`
          : `A block can have at most ${threadsPerBlock} threads here; using ${threadsPerBlock}.`,
      );
    }
    return { state: { ...state, sms, coresPerSm: cores, threadsPerBlock }, notices };
  },
});

/** What the learner sets in the explorer (what its link carries). */
export type ExplorerSettings = SchemaState<typeof explorerSchema>;

/** Limits of each control, read from the schema (the sentinel 0 is not typed by hand). */
export const EXPLORER_LIMITS = {
  sms: { min: 1, max: explorerSchema.fields.sms.max },
  /** Multiples of a warp, so a warp's lanes map onto whole groups of cores. */
  coresPerSm: { min: WARP_SIZE, max: explorerSchema.fields.coresPerSm.max, step: WARP_SIZE },
  elements: { min: explorerSchema.fields.elements.min, max: explorerSchema.fields.elements.max },
  threadsPerBlock: THREADS_PER_BLOCK,
} as const;

/** Valid settings with the sentinel resolved: the catalog GPU's own counts where not hand-set. */
export function resolveExplorerConfig(settings: ExplorerSettings): ExplorerConfig {
  const base = getGpu(settings.gpuId);
  return {
    gpuId: settings.gpuId,
    sms: settings.sms === CATALOG_COUNT ? base.sms.value : settings.sms,
    coresPerSm:
      settings.coresPerSm === CATALOG_COUNT ? catalogCoresPerSm(base) : settings.coresPerSm,
    elements: settings.elements,
    threadsPerBlock: settings.threadsPerBlock,
    residency: settings.residency,
  };
}

/** The lesson's worked example: ReLU over a (1024, 512) activation on an A100. */
export const DEFAULT_EXPLORER_CONFIG: ExplorerConfig = resolveExplorerConfig(
  explorerSchema.defaults,
);

/** Tensor shapes offered as quick picks for the element count. */
export const ELEMENT_PRESETS: ReadonlyArray<{ label: string; elements: number }> = [
  { label: '(1024, 512)', elements: 524_288 },
  { label: '(64, 1000)', elements: 64_000 },
  { label: '(32, 3, 224, 224)', elements: 4_816_896 },
  { label: '(4096, 4096)', elements: 16_777_216 },
];

/** Checked settings, the configuration they resolve to, and what was changed to make them usable. */
export interface ConfigCheck {
  settings: ExplorerSettings;
  config: ExplorerConfig;
  messages: string[];
}

/**
 * Checks raw settings (any values, laid over `base`) through the schema: unknown GPUs fall back
 * to the default, numbers are rounded and clamped, cores per SM snap to a multiple of 32, a block
 * size snaps to an offered one and shrinks to the largest that fits the residency. Every change
 * leaves a message. Never throws.
 */
export function checkExplorerConfig(
  raw: Partial<Record<keyof ExplorerSettings, unknown>>,
  base: ExplorerSettings = explorerSchema.defaults,
): ConfigCheck {
  const { state, notices } = checkState(explorerSchema, raw, base);
  return { settings: state, config: resolveExplorerConfig(state), messages: notices };
}
