/**
 * Every Triton puzzle's reference solution and starter, on both back ends at each of its checked
 * sizes (the awkward ones: primes, one past a block), with the same seeded inputs: the WGSL back
 * end on real WebGPU (SwiftShader here) and the interpreter agree element by element within the
 * puzzle's tolerance, or both stop with an error of the same kind on the same line. A starter is
 * wrong, so this is agreement on wrong numbers too: a kernel that only fails on one back end would
 * pass on one page and not the other.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { asTritonError, runKernel, toNumbers, type LaunchOptions } from '../triton/index';
import { closeTo, formatNumber } from '../triton/puzzles/check';
import { TRITON_PUZZLES, type TritonPuzzle, type TritonSizes } from '../triton/puzzles/index';
import { acquireNodeGpu, warnIfUnavailable } from './testing/node-gpu';
import { runTritonOnGpu } from './triton-runner';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'Triton puzzles on WebGPU');
const gpu = acquisition.ok ? acquisition.gpu : undefined;
afterAll(() => gpu?.device.destroy());

/** How one back end's launch ended: the outputs' numbers, or the error's kind and line. */
type Ending = { outputs: number[][] } | { error: { kind: string; line: number | null } };

/** Runs `source` at `size` with freshly prepared (seeded) inputs through `launch`. */
async function endingOf(
  puzzle: TritonPuzzle,
  source: string,
  size: TritonSizes,
  launch: (options: LaunchOptions) => unknown,
): Promise<Ending> {
  const run = puzzle.prepare(size);
  try {
    await launch({ grid: puzzle.grid(size), args: run.args, constexprs: puzzle.launch.constexprs });
  } catch (thrown) {
    const error = asTritonError(thrown);
    return { error: { kind: error.kind, line: error.line } };
  }
  return { outputs: run.outputs.map((o) => toNumbers(o.tensor)) };
}

/** The first element where the two back ends disagree beyond the puzzle's tolerance, if any. */
function firstDisagreement(
  puzzle: TritonPuzzle,
  cpu: number[][],
  gpuOut: number[][],
): string | null {
  for (const [o, values] of cpu.entries()) {
    for (const [i, want] of values.entries()) {
      const got = gpuOut[o]![i]!;
      if (!closeTo(got, want, puzzle.tolerance))
        return `output ${o}[${i}]: interpreter ${formatNumber(want)}, WebGPU ${formatNumber(got)}`;
    }
  }
  return null;
}

describe.skipIf(!gpu)('every Triton puzzle on both back ends', () => {
  for (const puzzle of TRITON_PUZZLES) {
    for (const which of ['solution', 'starter'] as const) {
      it(`${puzzle.id}: the ${which} agrees at every checked size`, async () => {
        const source = puzzle[which];
        for (const c of puzzle.cases) {
          const cpu = await endingOf(puzzle, source, c.size, (o) => runKernel(source, o));
          const onGpu = await endingOf(puzzle, source, c.size, (o) =>
            runTritonOnGpu(gpu!.device, source, o),
          );
          if ('error' in cpu || 'error' in onGpu) {
            expect(onGpu, `at ${c.label}`).toEqual(cpu);
            continue;
          }
          expect(firstDisagreement(puzzle, cpu.outputs, onGpu.outputs), `at ${c.label}`).toBe(null);
        }
      });
    }
  }
});
