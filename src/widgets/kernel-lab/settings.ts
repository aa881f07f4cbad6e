/**
 * What a learner sets in the lab, declared once as its state schema: a kernel, its size (0 = the
 * kernel's default, since defaults differ per kernel) and the catalog GPU it is compared with.
 * Defaults finish quickly even on a software adapter. Results are never settings. Pure.
 */
import { gpuIds } from '../../engine/catalog';
import {
  isMatmulSize,
  LAB_KERNEL_IDS,
  LAB_KERNELS,
  type LabKernelId,
  type LabSize,
  type SizeKind,
} from '../../gpu';
import { defineWidgetSchema, enumField, integerField, type SchemaState } from '../../state/schema';
import { DEFAULT_CATALOG_GPU } from './model';

/** Default sizes, from each kernel's record: a few ms at a real GPU's roof, < 1 s in software. */
export const DEFAULT_SIZES: Readonly<Record<LabKernelId, LabSize>> = Object.fromEntries(
  LAB_KERNEL_IDS.map((id) => [id, LAB_KERNELS[id].defaultSize]),
) as Record<LabKernelId, LabSize>;

/** Ready-made sizes for the size presets, by kind of size. */
export const SIZE_PRESETS: Readonly<
  Record<SizeKind, ReadonlyArray<{ label: string; size: LabSize }>>
> = {
  elements: [
    { label: '64 Ki', size: { elements: 1 << 16 } },
    { label: '4 Mi', size: { elements: 1 << 22 } },
    { label: '32 Mi', size: { elements: 1 << 25 } },
  ],
  threads: [
    { label: '4 Ki', size: { elements: 1 << 12 } },
    { label: '16 Ki', size: { elements: 1 << 14 } },
    { label: '1 Mi', size: { elements: 1 << 20 } },
  ],
  matmul: [
    { label: '128³', size: { m: 128, n: 128, k: 128 } },
    { label: '256³', size: { m: 256, n: 256, k: 256 } },
    { label: '1024³', size: { m: 1024, n: 1024, k: 1024 } },
  ],
};

/** A size of 0: the kernel's default (DEFAULT_SIZES), so a link carries only hand-set sizes. */
export const KERNEL_DEFAULT = 0;

/** Largest count a link or the form may ask for; a run fits it to the device (and says so). */
export const MAX_LAB_COUNT = 2 ** 30;

/** Largest matrix dimension a link or the form may ask for. */
export const MAX_LAB_DIMENSION = 65_536;

const DIMENSIONS = ['m', 'n', 'k'] as const;

function dimensionField(key: (typeof DIMENSIONS)[number]) {
  return integerField({
    key,
    label: `${key} (0 = the kernel’s default)`,
    default: KERNEL_DEFAULT,
    min: 0,
    max: MAX_LAB_DIMENSION,
  });
}

/** The lab's settings: the kernel, its size, and the catalog GPU the model predicts. */
export const kernelLabSchema = defineWidgetSchema({
  id: 'kernel-lab',
  version: 1,
  fields: {
    /** The kernel to run. */
    kernel: enumField({
      key: 'kernel',
      label: 'Kernel',
      default: 'relu',
      values: () => LAB_KERNEL_IDS,
    }),
    /** Elements (or FMA threads) for count-sized kernels; 0 = the kernel's default. */
    count: integerField({
      key: 'count',
      label: 'Size (0 = the kernel’s default)',
      default: KERNEL_DEFAULT,
      min: 0,
      max: MAX_LAB_COUNT,
    }),
    /** Matmul shape C (m × n) = A (m × k) · B (k × n); each 0 = the kernel's default. */
    m: dimensionField('m'),
    n: dimensionField('n'),
    k: dimensionField('k'),
    /** The catalog GPU the cost model predicts the same work on. */
    gpu: enumField({
      key: 'gpu',
      label: 'Compare with',
      default: DEFAULT_CATALOG_GPU,
      values: gpuIds,
    }),
  },
  check(state) {
    const notices: string[] = [];
    const { label, sizeKind } = LAB_KERNELS[state.kernel];
    const preset = DEFAULT_SIZES[state.kernel];
    const same = (value: number, usual: number) => (value === usual ? KERNEL_DEFAULT : value);
    if (isMatmulSize(preset)) {
      if (state.count !== KERNEL_DEFAULT) {
        notices.push(`${label} takes m, n and k, not a count; the count was ignored.`);
      }
      const m = same(state.m, preset.m);
      const n = same(state.n, preset.n);
      const k = same(state.k, preset.k);
      return { state: { ...state, count: KERNEL_DEFAULT, m, n, k }, notices };
    }
    if (DIMENSIONS.some((d) => state[d] !== KERNEL_DEFAULT)) {
      const noun = sizeKind === 'threads' ? 'threads' : 'elements';
      notices.push(`${label} takes a count of ${noun}, not m, n and k; those were ignored.`);
    }
    const count = same(state.count, preset.elements);
    return { state: { ...state, count, m: 0, n: 0, k: 0 }, notices };
  },
});

/** What the learner sets in the lab (what its link carries). */
export type KernelLabSettings = SchemaState<typeof kernelLabSchema>;

/** The size the settings ask for, with 0s resolved to the kernel's default. */
export function labSizeOf(settings: KernelLabSettings): LabSize {
  const preset = DEFAULT_SIZES[settings.kernel];
  const pick = (value: number, usual: number) => (value === KERNEL_DEFAULT ? usual : value);
  if (isMatmulSize(preset)) {
    return {
      m: pick(settings.m, preset.m),
      n: pick(settings.n, preset.n),
      k: pick(settings.k, preset.k),
    };
  }
  return { elements: pick(settings.count, preset.elements) };
}

/** The settings change that asks for `size`. */
export function sizePatch(size: LabSize): Partial<KernelLabSettings> {
  return isMatmulSize(size) ? { m: size.m, n: size.n, k: size.k } : { count: size.elements };
}

/**
 * The settings change that picks kernel `next`: a size of the same kind is kept (ReLU → copy),
 * another kind starts from the new kernel's default.
 */
export function kernelPatch(current: LabKernelId, next: LabKernelId): Partial<KernelLabSettings> {
  if (LAB_KERNELS[next].sizeKind === LAB_KERNELS[current].sizeKind) return { kernel: next };
  return {
    kernel: next,
    count: KERNEL_DEFAULT,
    m: KERNEL_DEFAULT,
    n: KERNEL_DEFAULT,
    k: KERNEL_DEFAULT,
  };
}
