/**
 * What one run of a puzzle's kernel needs from the GPU runtime, and what the checker makes of
 * what comes back: the bindings with their contents (the `Size` uniform, inputs, outputs filled
 * and padded past their end, the status buffer), the workgroups to dispatch, and then each
 * output compared with the CPU reference and the status buffer read for a loop out of budget.
 */
import { compareOutput, FILL_BITS, PAD_ELEMENTS, type OutputCheck } from './compare';
import { SIZE_BINDING, STATUS_BINDING, STATUS_WORDS } from './program';
import type { Puzzle, PuzzleSizes } from './types';

/** One binding of a run: its kind, its contents before the run, and whether to read it back. */
export interface RunBinding {
  binding: number;
  kind: 'uniform' | 'read-only-storage' | 'storage';
  /** Contents uploaded before the run (also its size). */
  data: Uint32Array;
  readBack: boolean;
}

/** A run as the GPU runtime takes it. */
export interface PlannedRun {
  bindings: readonly RunBinding[];
  workgroups: readonly [number, number, number];
}

/** The inputs, the expected outputs and the planned run of one size. */
export interface CasePlan {
  size: PuzzleSizes;
  run: PlannedRun;
  expected: Readonly<Record<string, Float32Array | Uint32Array>>;
}

/** Words of an array as u32 (floats by their bits). */
function words(values: Float32Array | Uint32Array): Uint32Array {
  return values instanceof Uint32Array
    ? values
    : new Uint32Array(values.buffer, values.byteOffset, values.length);
}

/** The `Size` uniform's words, padded to 16 bytes. */
export function sizeWords(puzzle: Puzzle, size: PuzzleSizes): Uint32Array {
  const out = new Uint32Array(Math.max(4, Math.ceil(puzzle.sizeFields.length / 4) * 4));
  puzzle.sizeFields.forEach((name, i) => (out[i] = size[name] ?? 0));
  return out;
}

/** Plans one run of `puzzle` at `size`: inputs, references, bindings and workgroups. */
export function planCase(puzzle: Puzzle, size: PuzzleSizes, withReference = true): CasePlan {
  const inputs = puzzle.inputs(size);
  const expected = withReference ? puzzle.reference(size, inputs) : {};
  const bindings: RunBinding[] = [
    { binding: SIZE_BINDING, kind: 'uniform', data: sizeWords(puzzle, size), readBack: false },
  ];
  for (const buffer of puzzle.buffers) {
    if (buffer.role === 'input') {
      const data = inputs[buffer.name];
      if (!data) throw new Error(`puzzle ${puzzle.id} makes no input "${buffer.name}"`);
      bindings.push({
        binding: buffer.binding,
        kind: 'read-only-storage',
        data: words(data),
        readBack: false,
      });
    } else {
      const data = new Uint32Array(buffer.length(size) + PAD_ELEMENTS);
      if ((buffer.initial ?? 'fill') === 'fill') data.fill(FILL_BITS);
      bindings.push({ binding: buffer.binding, kind: 'storage', data, readBack: true });
    }
  }
  bindings.push({
    binding: STATUS_BINDING,
    kind: 'storage',
    data: new Uint32Array(STATUS_WORDS),
    readBack: true,
  });
  return { size, run: { bindings, workgroups: puzzle.grid(size) }, expected };
}

/** What one size's run showed. */
export type CaseOutcome =
  | { kind: 'pass'; outputs: OutputCheck[] }
  | { kind: 'mismatch'; outputs: OutputCheck[] }
  | { kind: 'out-of-budget' };

/** Judges the words read back from a run (by binding) against the plan's references. */
export function judgeCase(
  puzzle: Puzzle,
  plan: CasePlan,
  readBack: ReadonlyMap<number, Uint32Array>,
): CaseOutcome {
  if ((readBack.get(STATUS_BINDING)?.[0] ?? 0) !== 0) return { kind: 'out-of-budget' };
  const outputs = puzzle.buffers
    .filter((b) => b.role === 'output')
    .map((b) =>
      compareOutput({
        buffer: b.name,
        element: b.element,
        initial: b.initial ?? 'fill',
        expected: plan.expected[b.name] ?? new Float32Array(0),
        bits: readBack.get(b.binding) ?? new Uint32Array(0),
        tolerance: puzzle.tolerance,
      }),
    );
  return { kind: outputs.every((o) => o.ok) ? 'pass' : 'mismatch', outputs };
}
