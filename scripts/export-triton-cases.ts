/**
 * `npx tsx scripts/export-triton-cases.ts OUT.json`: every Triton puzzle's reference solution at
 * each of its checked sizes, with its inputs (flat storage, shape and strides), its launch (grid
 * and block sizes) and what the course's interpreter computed, for
 * `scripts/device/triton-references.py` to run under real Triton on a GPU and compare.
 */
import { writeFileSync } from 'node:fs';
import { runKernel, type KernelArg, type TritonTensor } from '../src/triton/index';
import { TRITON_PUZZLES } from '../src/triton/puzzles/index';

function isTensor(arg: KernelArg): arg is TritonTensor {
  return typeof arg === 'object' && arg !== null && 'shape' in arg;
}

function exportArg(arg: KernelArg) {
  if (isTensor(arg)) {
    return {
      tensor: { dtype: arg.dtype, shape: arg.shape, strides: arg.strides, data: [...arg.data] },
    };
  }
  if (typeof arg === 'object') return { float: arg.float };
  return { value: arg };
}

const out = TRITON_PUZZLES.map((puzzle) => ({
  id: puzzle.id,
  source: puzzle.solution,
  constexprs: puzzle.launch.constexprs,
  tolerance: puzzle.tolerance,
  cases: puzzle.cases.map(({ size, label }) => {
    const run = puzzle.prepare(size);
    const names = puzzle.launch.args.map((a) => a.name);
    const meta = Object.fromEntries([
      ...names.map((name, i) => [name, run.args[i] as KernelArg]),
      ...Object.entries(puzzle.launch.constexprs),
    ]);
    const grid = puzzle.grid(size)(meta);
    // The inputs as they are before the launch (outputs zeroed).
    const args = run.args.map(exportArg);
    runKernel(puzzle.solution, {
      grid,
      args: run.args,
      constexprs: puzzle.launch.constexprs,
    });
    return {
      label,
      size,
      grid,
      args,
      outputs: run.outputs.map((o) => ({
        name: o.name,
        index: run.args.indexOf(o.tensor),
        expected: o.expected,
        interpreter: [...o.tensor.data],
      })),
    };
  }),
}));

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: npx tsx scripts/export-triton-cases.ts OUT.json\n');
  process.exitCode = 2;
} else {
  writeFileSync(file, JSON.stringify(out));
  process.stdout.write(
    `${file}: ${out.length} puzzles, ${out.reduce((s, p) => s + p.cases.length, 0)} cases\n`,
  );
}
