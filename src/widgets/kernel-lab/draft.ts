/**
 * The lab form's typed text for a size, and reading it: whole numbers of at least 1, with
 * separators allowed ("1,048,576", "1e6"). Text that is not a size is refused with a reason;
 * limits are the state schema's (settings.ts), which clamps with a notice. Pure.
 */
import { LAB_KERNELS, type LabKernelId, type LabSize } from '../../gpu';
import { readNumber } from '../../state/coerce';

/** The size fields of the form, as typed (strings), for every kind of size. */
export interface SizeDraft {
  elements: string;
  m: string;
  n: string;
  k: string;
}

/** The draft (form text) for a size. */
export function draftOf(size: LabSize): SizeDraft {
  if ('m' in size) {
    return { elements: '', m: String(size.m), n: String(size.n), k: String(size.k) };
  }
  return { elements: String(size.elements), m: '', n: '', k: '' };
}

/** The outcome of reading a draft: a size, or the reason it is not one. */
export type SizeParse = { ok: true; size: LabSize } | { ok: false; message: string };

/** Reads one whole number >= 1 from text ("1,024" and "1e6" are fine), or says what is wrong. */
export function parseCount(label: string, text: string): number | string {
  const cleaned = text.replace(/[,_\s]/g, '');
  if (cleaned === '') return `${label} is empty: type a whole number of at least 1.`;
  const value = readNumber(cleaned);
  const shown = `"${text.length > 24 ? `${text.slice(0, 23)}…` : text}"`;
  if (value === null || !Number.isFinite(value)) return `${label} must be a number, got ${shown}.`;
  if (!Number.isInteger(value)) return `${label} must be a whole number, got ${shown}.`;
  if (value < 1) return `${label} must be at least 1, got ${shown}.`;
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

/** Whether two sizes are the same. */
export function sameSize(a: LabSize, b: LabSize): boolean {
  if ('m' in a || 'm' in b) {
    return 'm' in a && 'm' in b && a.m === b.m && a.n === b.n && a.k === b.k;
  }
  return a.elements === b.elements;
}
