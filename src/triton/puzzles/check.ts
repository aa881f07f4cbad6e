/**
 * Checking a learner's Triton kernel: for each of the puzzle's sizes, fresh seeded inputs, a
 * launch on the interpreter, then every output element against the CPU reference. The first
 * failure is reported with its size, the element's index and the expected and found values (or
 * the runtime's own error, which names the line).
 */
import {
  type LaunchOptions,
  type TritonError,
  asTritonError,
  runKernel,
  toNumbers,
} from '../index';
import type { PreparedRun, TritonCase, TritonPuzzle, TritonTolerance } from './types';

/** One wrong element. */
export interface TritonMismatch {
  output: string;
  /** Flat index into the output's storage. */
  index: number;
  /** The index by dimension (`[2, 5]`). */
  position: readonly number[];
  expected: number;
  got: number;
}

/** The outcome at one size. */
export interface TritonCaseOutcome {
  case: TritonCase;
  ok: boolean;
  /** The launch failed (a compile, runtime or budget error). */
  error?: TritonError;
  /** The first wrong element, when the launch ran. */
  first?: TritonMismatch;
  /** Elements wrong over every output. */
  wrong: number;
  /** What went wrong, in a sentence; empty when it passed. */
  message: string;
}

/** The outcome of a check. */
export interface TritonCheckResult {
  ok: boolean;
  /** One per size, stopping after the first failure. */
  cases: readonly TritonCaseOutcome[];
  /** "Passed at all 4 sizes." or the first failure's message. */
  message: string;
}

/** A number as the checker prints it: integers plainly, else 6 significant digits. */
export function formatNumber(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  if (Number.isInteger(v) && Math.abs(v) < 1e9) return String(v);
  return String(Number(v.toPrecision(6)));
}

/** Whether a result is close enough to what was expected. */
export function closeTo(got: number, expected: number, tolerance: TritonTolerance): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(got);
  if (!Number.isFinite(expected)) return got === expected;
  if (!Number.isFinite(got)) return false;
  return Math.abs(got - expected) <= tolerance.absolute + tolerance.relative * Math.abs(expected);
}

/** A flat row-major index as a position in `shape`. */
export function positionOf(index: number, shape: readonly number[]): number[] {
  const pos = new Array<number>(shape.length).fill(0);
  let rest = index;
  for (let d = shape.length - 1; d >= 0; d--) {
    const n = shape[d] as number;
    pos[d] = rest % n;
    rest = Math.floor(rest / n);
  }
  return pos;
}

/** A launch of one kernel: the interpreter's `runKernel` or a device's runner. */
export type TritonLaunch = (source: string, options: LaunchOptions) => void | Promise<void>;

/** The interpreter as a launch. */
const interpreterLaunch: TritonLaunch = (source, options) => {
  runKernel(source, options);
};

/** The launch options of one prepared run. */
function launchOptions(
  puzzle: TritonPuzzle,
  testCase: TritonCase,
  run: PreparedRun,
): LaunchOptions {
  return {
    grid: puzzle.grid(testCase.size),
    args: run.args,
    constexprs: puzzle.launch.constexprs,
  };
}

/** The outcome of a launch that threw. */
function failedLaunch(testCase: TritonCase, thrown: unknown): TritonCaseOutcome {
  const error = asTritonError(thrown);
  return {
    case: testCase,
    ok: false,
    error,
    wrong: 0,
    message: `At ${testCase.label}: the launch stopped. ${error.message}`,
  };
}

/** Compares a finished run's outputs with the CPU reference. */
export function compareRun(
  puzzle: TritonPuzzle,
  run: PreparedRun,
  testCase: TritonCase,
): TritonCaseOutcome {
  const where = `At ${testCase.label}`;
  let wrong = 0;
  let first: TritonMismatch | undefined;
  for (const out of run.outputs) {
    const got = toNumbers(out.tensor);
    out.expected.forEach((expected, index) => {
      const value = got[index] as number;
      if (closeTo(value, expected, puzzle.tolerance)) return;
      wrong++;
      first ??= {
        output: out.name,
        index,
        position: positionOf(index, out.tensor.shape),
        expected,
        got: value,
      };
    });
  }
  if (!first) return { case: testCase, ok: true, wrong: 0, message: '' };
  const total = run.outputs.reduce((a, o) => a + o.expected.length, 0);
  return {
    case: testCase,
    ok: false,
    first,
    wrong,
    message: `${where}: ${first.output}[${first.position.join(', ')}] should be ${formatNumber(first.expected)} but is ${formatNumber(first.got)} (${wrong} of ${total} elements wrong).`,
  };
}

/** Runs `source` at one size on the interpreter and compares its outputs. */
export function checkCase(
  puzzle: TritonPuzzle,
  source: string,
  testCase: TritonCase,
): TritonCaseOutcome {
  const run = puzzle.prepare(testCase.size);
  try {
    interpreterLaunch(source, launchOptions(puzzle, testCase, run));
  } catch (thrown) {
    return failedLaunch(testCase, thrown);
  }
  return compareRun(puzzle, run, testCase);
}

/**
 * Runs `source` at every size through `launch` (a device's runner, or the interpreter), stopping
 * at the first failure; `onCase` hears each size as it starts.
 */
export async function checkPuzzleWith(
  puzzle: TritonPuzzle,
  source: string,
  launch: TritonLaunch,
  onCase?: (index: number) => void,
): Promise<TritonCheckResult> {
  const cases: TritonCaseOutcome[] = [];
  for (const [i, c] of puzzle.cases.entries()) {
    onCase?.(i);
    const run = puzzle.prepare(c.size);
    let outcome: TritonCaseOutcome;
    try {
      await launch(source, launchOptions(puzzle, c, run));
      outcome = compareRun(puzzle, run, c);
    } catch (thrown) {
      outcome = failedLaunch(c, thrown);
    }
    cases.push(outcome);
    if (!outcome.ok) return { ok: false, cases, message: outcome.message };
  }
  return { ok: true, cases, message: `Passed at all ${cases.length} sizes.` };
}

/** Runs `source` at every size of the puzzle, stopping at the first failure. */
export function checkPuzzle(puzzle: TritonPuzzle, source: string): TritonCheckResult {
  const cases: TritonCaseOutcome[] = [];
  for (const c of puzzle.cases) {
    const outcome = checkCase(puzzle, source, c);
    cases.push(outcome);
    if (!outcome.ok) return { ok: false, cases, message: outcome.message };
  }
  return { ok: true, cases, message: `Passed at all ${cases.length} sizes.` };
}
