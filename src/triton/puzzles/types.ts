/**
 * What a Triton puzzle is: a statement and a described figure, the launch it fixes (grid, block
 * sizes, arguments), the sizes it is checked at, a CPU reference, a starter that runs but is
 * wrong, hints and a reference solution. Data and pure functions only: a page draws it, the
 * interpreter (or the WGSL back end) runs it.
 */
import type { GridMeta, KernelArg, TritonTensor } from '../index';

/** Sizes of one check, by name (`n`, `rows`, `cols`). */
export type TritonSizes = Readonly<Record<string, number>>;

/** One size a puzzle is checked at, with why it is there. */
export interface TritonCase {
  size: TritonSizes;
  /** "n = 1000: not a multiple of the block". */
  label: string;
}

/** One argument of the kernel, in the order the launch passes them. */
export interface TritonArgSpec {
  name: string;
  kind: 'tensor' | 'int' | 'float';
  /** For a tensor its dtype and shape in words ("fp32 [rows, cols]"); for a scalar what it is. */
  shape: string;
  /** Inputs are only read; outputs are checked. Scalars are inputs. */
  role: 'input' | 'output';
  note: string;
}

/** How the puzzle launches a kernel. */
export interface TritonLaunchSpec {
  /** The grid as Python writes it (`lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)`). */
  grid: string;
  /** The `tl.constexpr` block sizes, passed by keyword. */
  constexprs: Readonly<Record<string, number>>;
  /** Every runtime argument, in order. */
  args: readonly TritonArgSpec[];
}

/** An output tensor of one run with what the CPU says it should hold. */
export interface PreparedOutput {
  name: string;
  tensor: TritonTensor;
  expected: readonly number[];
}

/** Everything one check needs: the positional arguments and the outputs to compare. */
export interface PreparedRun {
  args: readonly KernelArg[];
  outputs: readonly PreparedOutput[];
}

/** How close a float result must be: |got − expected| ≤ absolute + relative·|expected|. */
export interface TritonTolerance {
  absolute: number;
  relative: number;
}

/** A puzzle kernel's work in counts, as each puzzle declares it. */
export interface TritonWorkCounts {
  kind: 'elementwise' | 'reduction' | 'matmul' | 'other';
  /** Values read from memory, each counted once. */
  valuesRead: number;
  valuesWritten: number;
  flops: number;
  /**
   * The precision a real GPU runs the products in: `tf32` for an fp32 `tl.dot`, since Triton's
   * default `input_precision` on GPUs with tensor cores is tf32; fp32 otherwise.
   */
  precision?: 'fp32' | 'tf32';
}

/** One Triton puzzle. */
export interface TritonPuzzle {
  /** URL id (`vector-add`, `flash-attention`). */
  id: string;
  title: string;
  /** The idea it teaches, in a few words. */
  idea: string;
  /** Paragraphs; text between backticks is code. */
  statement: readonly string[];
  /** What the page's picture shows, in words (the page draws it from this description). */
  figure: string;
  launch: TritonLaunchSpec;
  /** The grid for one size, as a function of the launch's meta-parameters. */
  grid(size: TritonSizes): (meta: GridMeta) => readonly number[];
  /**
   * A size the kernel is written for, far past the checked ones: the cost engine predicts it
   * there too, to show what bounds it on a real GPU once launching no longer dominates. Never
   * run in the browser (the interpreter would take seconds).
   */
  workingSize: TritonSizes;
  /**
   * The size the learner's kernel and the reference are timed at after a pass: past every checked
   * size, large enough (a megabyte or so of data) that the kernel's work rather than its launch
   * shows on a device, small enough for a software adapter and for the interpreter to time in well
   * under a second.
   */
  timedSize: TritonSizes;
  /** What the kernel reads, writes and computes at one size (for the cost engine's prediction). */
  work(size: TritonSizes): TritonWorkCounts;
  /** Fresh seeded inputs, zeroed outputs and the CPU reference for one size. */
  prepare(size: TritonSizes): PreparedRun;
  /** Checked in this order; several are not multiples of a block, one is smaller than a block. */
  cases: readonly TritonCase[];
  tolerance: TritonTolerance;
  /** Runs, and is wrong at some of the cases. */
  starter: string;
  /** What is wrong with the starter, in a sentence (for authors and tests, not shown first). */
  starterBug: string;
  /** Two to four, each opening after the one before. */
  hints: readonly string[];
  /** Plain Triton, as it would run under real Triton. */
  solution: string;
}
