/**
 * What the learner sets in the explorer, its limits, and the check that turns any input (a
 * lesson's props, a typed number) into a usable configuration plus messages saying what changed.
 */
import { GPU_IDS, isGpuId, type GpuId } from '../../engine';
import { catalogCoresPerSm, explorerHardware } from './hardware';
import { getGpu } from '../../engine';

/** Most elements the explorer runs: 64 MiB per buffer, inside WebGPU's default binding limit. */
export const MAX_EXPLORER_ELEMENTS = 16_777_216;
/** How threads are placed on an SM in the animation. */
export type Residency = 'one-per-core' | 'resident';

/** Every residency, in the order the picker lists them. */
export const RESIDENCIES: readonly Residency[] = ['one-per-core', 'resident'];

/** The explorer's settings. */
export interface ExplorerConfig {
  /** Catalog GPU the figures come from. */
  gpuId: GpuId;
  sms: number;
  coresPerSm: number;
  /** Elements the kernel processes, one per thread. */
  elements: number;
  /** Threads per block (a workgroup in WebGPU). */
  threadsPerBlock: number;
  residency: Residency;
}

/** Threads in a warp on every NVIDIA GPU. */
export const WARP_SIZE = 32;

/** Limits of each setting. */
export const EXPLORER_LIMITS = {
  sms: { min: 1, max: 160 },
  /** Multiples of a warp, so a warp's lanes map onto whole groups of cores. */
  coresPerSm: { min: 32, max: 256, step: WARP_SIZE },
  elements: { min: 1, max: MAX_EXPLORER_ELEMENTS },
  threadsPerBlock: [32, 64, 128, 256, 512, 1024] as readonly number[],
} as const;

/** The lesson's worked example: ReLU over a (1024, 512) activation on an A100. */
export const DEFAULT_EXPLORER_CONFIG: ExplorerConfig = {
  gpuId: 'a100-sxm-80gb',
  sms: 108,
  coresPerSm: 64,
  elements: 1024 * 512,
  threadsPerBlock: 64,
  residency: 'one-per-core',
};

/** Tensor shapes offered as quick picks for the element count. */
export const ELEMENT_PRESETS: ReadonlyArray<{ label: string; elements: number }> = [
  { label: '(1024, 512)', elements: 524_288 },
  { label: '(64, 1000)', elements: 64_000 },
  { label: '(32, 3, 224, 224)', elements: 4_816_896 },
  { label: '(4096, 4096)', elements: 16_777_216 },
];

/** A checked configuration and what was changed to make it usable. */
export interface ConfigCheck {
  config: ExplorerConfig;
  messages: string[];
}

function asNumber(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function clampWhole(
  label: string,
  value: unknown,
  min: number,
  max: number,
  fallback: number,
  messages: string[],
): number {
  const n = asNumber(value);
  if (n === null) {
    messages.push(`${label} must be a number; using ${fallback.toLocaleString('en-US')}.`);
    return fallback;
  }
  const rounded = Math.round(n);
  const clamped = Math.min(max, Math.max(min, rounded));
  if (clamped !== rounded) {
    const bound = clamped === min ? 'at least' : 'at most';
    messages.push(`${label} must be ${bound} ${clamped.toLocaleString('en-US')}; using that.`);
  }
  return clamped;
}

/** The largest threads-per-block choice a residency allows on an SM of `coresPerSm` cores. */
export function maxThreadsPerBlock(
  residency: Residency,
  coresPerSm: number,
  maxThreadsPerSm: number,
): number {
  const cap = residency === 'one-per-core' ? coresPerSm : Math.min(1024, maxThreadsPerSm);
  return EXPLORER_LIMITS.threadsPerBlock.filter((t) => t <= cap).at(-1) ?? WARP_SIZE;
}

/** The block sizes offered for a residency and SM. */
export function threadsPerBlockChoices(
  residency: Residency,
  coresPerSm: number,
  maxThreadsPerSm: number,
): number[] {
  const cap = maxThreadsPerBlock(residency, coresPerSm, maxThreadsPerSm);
  return EXPLORER_LIMITS.threadsPerBlock.filter((t) => t <= cap);
}

/**
 * Checks raw settings (any values) into a usable configuration. Unknown GPUs fall back to the
 * default; numbers are rounded and clamped; cores per SM snap to a multiple of 32; a block too
 * large for the residency shrinks to the largest that fits. Every change leaves a message.
 */
export function checkExplorerConfig(
  raw: Partial<Record<keyof ExplorerConfig, unknown>>,
): ConfigCheck {
  const messages: string[] = [];
  const d = DEFAULT_EXPLORER_CONFIG;
  let gpuId: GpuId = d.gpuId;
  if (raw.gpuId !== undefined) {
    if (isGpuId(raw.gpuId)) gpuId = raw.gpuId;
    else
      messages.push(
        `Unknown GPU "${String(raw.gpuId)}"; known: ${GPU_IDS.join(', ')}. Using ${d.gpuId}.`,
      );
  }
  const base = getGpu(gpuId);
  const { sms: smLimit, coresPerSm: coreLimit, elements: elementLimit } = EXPLORER_LIMITS;
  const sms =
    raw.sms === undefined
      ? base.sms.value
      : clampWhole('SMs', raw.sms, smLimit.min, smLimit.max, base.sms.value, messages);
  let coresPerSm =
    raw.coresPerSm === undefined
      ? catalogCoresPerSm(base)
      : clampWhole(
          'Cores per SM',
          raw.coresPerSm,
          coreLimit.min,
          coreLimit.max,
          catalogCoresPerSm(base),
          messages,
        );
  if (coresPerSm % coreLimit.step !== 0) {
    const snapped = Math.max(
      coreLimit.min,
      Math.round(coresPerSm / coreLimit.step) * coreLimit.step,
    );
    messages.push(`Cores per SM must be a multiple of 32 (one warp); using ${snapped}.`);
    coresPerSm = snapped;
  }
  const elements =
    raw.elements === undefined
      ? d.elements
      : clampWhole(
          'Elements',
          raw.elements,
          elementLimit.min,
          elementLimit.max,
          d.elements,
          messages,
        );
  let residency: Residency = d.residency;
  if (raw.residency !== undefined) {
    if ((RESIDENCIES as readonly unknown[]).includes(raw.residency))
      residency = raw.residency as Residency;
    else messages.push(`Unknown residency "${String(raw.residency)}"; using ${d.residency}.`);
  }
  const maxThreadsPerSm = explorerHardware(gpuId, sms, coresPerSm).base.maxThreadsPerSm.value;
  const choices = threadsPerBlockChoices(residency, coresPerSm, maxThreadsPerSm);
  let threadsPerBlock = d.threadsPerBlock;
  if (raw.threadsPerBlock !== undefined) {
    const n = asNumber(raw.threadsPerBlock);
    if (n !== null && EXPLORER_LIMITS.threadsPerBlock.includes(n)) threadsPerBlock = n;
    else
      messages.push(
        `Threads per block must be one of ${EXPLORER_LIMITS.threadsPerBlock.join(', ')}; using ${d.threadsPerBlock}.`,
      );
  }
  const largest = choices.at(-1) ?? WARP_SIZE;
  if (threadsPerBlock > largest) {
    messages.push(
      residency === 'one-per-core'
        ? `With one thread per core, a block must fit on one SM's ${coresPerSm} cores; using ${largest} threads per block.`
        : `A block can have at most ${largest} threads here; using ${largest}.`,
    );
    threadsPerBlock = largest;
  }
  return { config: { gpuId, sms, coresPerSm, elements, threadsPerBlock, residency }, messages };
}
