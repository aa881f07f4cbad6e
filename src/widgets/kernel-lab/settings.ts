/**
 * What a learner can ask the lab for: a kernel and a size, with defaults that finish quickly even
 * on a software adapter, and checking of typed input (whole numbers, at least 1). Pure.
 */
import { LAB_KERNELS, type LabKernelId, type LabSize, type SizeKind } from '../../gpu';

/** The size fields of the form, as typed (strings), for every kind of size. */
export interface SizeDraft {
  elements: string;
  m: string;
  n: string;
  k: string;
}

/** Default sizes: a few milliseconds on a real GPU's roof, well under a second on SwiftShader. */
export const DEFAULT_SIZES: Readonly<Record<LabKernelId, LabSize>> = {
  relu: { elements: 1 << 22 },
  copy: { elements: 1 << 22 },
  reduce: { elements: 1 << 22 },
  'matmul-naive': { m: 256, n: 256, k: 256 },
  'matmul-tiled': { m: 256, n: 256, k: 256 },
  fma: { elements: 1 << 14 },
};

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

/** The draft (form text) for a size. */
export function draftOf(size: LabSize): SizeDraft {
  if ('m' in size) {
    return { elements: '', m: String(size.m), n: String(size.n), k: String(size.k) };
  }
  return { elements: String(size.elements), m: '', n: '', k: '' };
}

/** The outcome of reading a draft: a size, or the reason it is not one. */
export type SizeParse = { ok: true; size: LabSize } | { ok: false; message: string };

/** Reads one whole number >= 1 from text ("1,024" and "1e6" are fine). */
export function parseCount(label: string, text: string): number | string {
  const cleaned = text.replace(/[,_\s]/g, '');
  if (cleaned === '') return `${label} is empty: type a whole number of at least 1.`;
  const value = Number(cleaned);
  if (!Number.isFinite(value)) return `${label} must be a number, got "${text}".`;
  if (!Number.isInteger(value)) return `${label} must be a whole number, got ${text}.`;
  if (value < 1) return `${label} must be at least 1, got ${text}.`;
  if (value > Number.MAX_SAFE_INTEGER) return `${label} is too large to count exactly.`;
  return value;
}

/** Reads the draft for a kernel's kind of size. */
export function parseSize(kernel: LabKernelId, draft: SizeDraft): SizeParse {
  const kind = LAB_KERNELS[kernel].sizeKind;
  if (kind === 'matmul') {
    const values = (['m', 'n', 'k'] as const).map((d) => parseCount(d, draft[d]));
    const problem = values.find((v): v is string => typeof v === 'string');
    if (problem) return { ok: false, message: problem };
    const [m, n, k] = values as [number, number, number];
    return { ok: true, size: { m, n, k } };
  }
  const label = kind === 'threads' ? 'Threads' : 'Elements';
  const value = parseCount(label, draft.elements);
  return typeof value === 'string'
    ? { ok: false, message: value }
    : { ok: true, size: { elements: value } };
}
