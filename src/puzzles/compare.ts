/**
 * Checking a kernel's outputs against the CPU reference: element by element with the puzzle's
 * tolerance, the elements past the end (which no thread should touch) against what they were
 * filled with, and the first few mismatches kept with index, expected value and value found.
 */
import type { ElementType, Tolerance } from './types';

/** The bits every "fill" output starts as: a quiet NaN no arithmetic produces from our inputs. */
export const FILL_BITS = 0x7fc0dead;
/** Elements each output gets past its end, to catch threads that have no data but write. */
export const PAD_ELEMENTS = 256;
/** Mismatches kept per check. */
export const MAX_MISMATCHES = 5;

/** One element that is not what it should be. */
export interface Mismatch {
  /** The output buffer's name. */
  buffer: string;
  index: number;
  /** As text ("11", "0.5", "untouched"). */
  expected: string;
  got: string;
  /** Past the buffer's real end (a write from a thread with no data). */
  pastEnd: boolean;
}

/** The outcome of comparing one output. */
export interface OutputCheck {
  buffer: string;
  ok: boolean;
  /** Elements wrong, past-the-end writes included. */
  wrong: number;
  /** The first MAX_MISMATCHES mismatches, in index order. */
  first: Mismatch[];
}

/** A float as the checker prints it: integers plainly, else up to 7 significant digits. */
export function formatValue(value: number, element: ElementType): string {
  if (element === 'u32') return String(value >>> 0);
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (Number.isInteger(value) && Math.abs(value) < 1e9) return String(value);
  return String(Number(value.toPrecision(7)));
}

/** Whether a float result is close enough to what was expected. */
export function closeEnough(got: number, expected: number, tolerance: Tolerance): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(got);
  if (!Number.isFinite(expected)) return got === expected;
  return Math.abs(got - expected) <= tolerance.absolute + tolerance.relative * Math.abs(expected);
}

/** The words for a value still holding what the buffer was filled with. */
function fillText(initial: 'fill' | 'zero', element: ElementType): string {
  return initial === 'fill' ? 'never written' : formatValue(0, element);
}

/**
 * Compares an output read back as raw words (`bits`, its real length `length` then the padding)
 * with `expected`. `initial` says what the buffer held before the run.
 */
export function compareOutput(options: {
  buffer: string;
  element: ElementType;
  initial: 'fill' | 'zero';
  expected: Float32Array | Uint32Array;
  bits: Uint32Array;
  tolerance: Tolerance;
}): OutputCheck {
  const { buffer, element, initial, expected, bits, tolerance } = options;
  const floats = new Float32Array(bits.buffer, bits.byteOffset, bits.length);
  const first: Mismatch[] = [];
  let wrong = 0;
  const note = (m: Mismatch) => {
    wrong++;
    if (first.length < MAX_MISMATCHES) first.push(m);
  };
  const filled = initial === 'fill' ? FILL_BITS : 0;
  const valueText = (i: number) =>
    bits[i] === FILL_BITS && initial === 'fill'
      ? 'never written'
      : formatValue(element === 'f32' ? floats[i]! : bits[i]!, element);
  for (let i = 0; i < expected.length; i++) {
    const want = expected[i]!;
    const ok =
      i < bits.length &&
      (element === 'u32'
        ? bits[i] === want >>> 0
        : bits[i] !== FILL_BITS && closeEnough(floats[i]!, want, tolerance));
    if (!ok) {
      note({
        buffer,
        index: i,
        expected: formatValue(want, element),
        got: i < bits.length ? valueText(i) : 'missing',
        pastEnd: false,
      });
    }
  }
  for (let i = expected.length; i < bits.length; i++) {
    if (bits[i] !== filled) {
      note({
        buffer,
        index: i,
        expected: `${fillText(initial, element)} (past the end)`,
        got: valueText(i),
        pastEnd: true,
      });
    }
  }
  return { buffer, ok: wrong === 0, wrong, first };
}

/** One mismatch as a sentence: "out[3]: expected 13, got 3". */
export function describeMismatch(m: Mismatch): string {
  return `${m.buffer}[${m.index}]: expected ${m.expected}, got ${m.got}`;
}
