/**
 * Every puzzle on real WebGPU (Dawn, SwiftShader here): the reference solution passes at every
 * checked size against the CPU reference, the starter compiles and fails, an endless loop is
 * stopped by the instrumentation and the next run works, a syntax error names the learner's
 * line, and timing after a pass measures both kernels.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildLearnerProgram,
  measureLearnerProgram,
  runLearnerProgram,
  type GpuContext,
} from '../gpu';
import { acquireNodeGpu, warnIfUnavailable } from '../gpu/testing/node-gpu';
import { findPuzzle, PUZZLES } from '../puzzles/catalog';
import { checkKernel, timeKernels, type CheckDeps } from './check-run';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'WGSL puzzles');
const gpu: GpuContext | undefined = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

/** Checking on the Node device; timing kept short. */
const deps: CheckDeps = {
  gpu: async () => (gpu ? { ok: true, gpu } : { ok: false, message: 'no GPU' }),
  build: buildLearnerProgram,
  run: (g, built, run) => runLearnerProgram(g, built, run),
  measure: (g, built, run) =>
    measureLearnerProgram(g, built, run, {
      measure: { warmupBatches: 0, samples: 1, minSamples: 1, maxRepeats: 1 },
    }),
  forgetGpu: () => {},
};

describe.skipIf(!gpu)('the WGSL puzzles on real WebGPU', () => {
  it('has at least twelve puzzles in the sequence the course teaches', () => {
    expect(PUZZLES.map((p) => p.id)).toEqual([
      'map',
      'zip',
      'guard',
      'map-2d',
      'broadcast',
      'workgroup-memory',
      'sum',
      'prefix-sum',
      'histogram',
      'transpose',
      'softmax',
      'tiled-matmul',
    ]);
  });

  // The solutions of sum, softmax and tiled-matmul keep barriers in uniform loops: their passing
  // here is also the check that such loops still compile once instrumented.
  for (const puzzle of PUZZLES) {
    it(`${puzzle.id}: the reference solution passes at every size`, async () => {
      const result = await checkKernel(puzzle, puzzle.solution, deps);
      expect(result).toMatchObject({ kind: 'pass', casesPassed: puzzle.cases.length });
    });

    it(`${puzzle.id}: the starter compiles and is wrong`, async () => {
      const result = await checkKernel(puzzle, puzzle.starter, deps);
      expect(['mismatch', 'unmet']).toContain(result.kind);
      if (result.kind === 'mismatch') {
        const first = result.outputs[0]!.first[0]!;
        expect(first.expected).not.toBe(first.got);
      }
    });
  }

  it('stops an endless loop, says so, and the next run passes', async () => {
    const map = findPuzzle('map')!;
    const endless = map.solution.replace(
      'out[i] = a[i] + 10.0;',
      'loop { }\n  out[i] = a[i] + 10.0;',
    );
    const stopped = await checkKernel(map, endless, deps);
    expect(stopped).toMatchObject({ kind: 'out-of-budget', casesPassed: 0 });
    const spin = map.solution.replace(
      'out[i] = a[i] + 10.0;',
      'var k = 0u;\n  while (k < 10u) { k = k * 1u; }\n  out[i] = a[i] + 10.0;',
    );
    expect(await checkKernel(map, spin, deps)).toMatchObject({ kind: 'out-of-budget' });
    expect(await checkKernel(map, map.solution, deps)).toMatchObject({ kind: 'pass' });
  });

  // Map's second hint makes claims about WGSL's typing; each is compiled here as it is stated.
  it("map: the hint's typing claims hold (a bare 10 converts to f32, a let-bound one is i32)", async () => {
    const map = findPuzzle('map')!;
    const hints = map.hints.join(' ');
    const withLine = (line: string) => map.solution.replace('out[i] = a[i] + 10.0;', line);
    expect(hints).toContain('`out[i] = a[i] + 10;`');
    expect(await checkKernel(map, withLine('out[i] = a[i] + 10;'), deps)).toMatchObject({
      kind: 'pass',
    });
    expect(hints).toContain('`let k = 10;`');
    const named = await checkKernel(map, withLine('let k = 10;\n  out[i] = a[i] + k;'), deps);
    expect(named.kind).toBe('compile-error');
    if (named.kind === 'compile-error') expect(named.diagnostics[0]!.message).toMatch(/i32/);
    for (const fixed of [
      'let k = 10.0;\n  out[i] = a[i] + k;',
      'let k = 10;\n  out[i] = a[i] + f32(k);',
    ]) {
      expect(await checkKernel(map, withLine(fixed), deps)).toMatchObject({ kind: 'pass' });
    }
  });

  it("names the learner's own line and column for a syntax error", async () => {
    const map = findPuzzle('map')!;
    const broken = map.solution.replace('out[i] = a[i] + 10.0;', 'out[i] = a[i] + ;');
    const result = await checkKernel(map, broken, deps);
    expect(result.kind).toBe('compile-error');
    if (result.kind !== 'compile-error') return;
    const line = broken.split('\n').findIndex((l) => l.includes('a[i] + ;')) + 1;
    expect(result.diagnostics[0]).toMatchObject({ severity: 'error', line });
    expect(result.diagnostics[0]!.column).toBeGreaterThan(1);
  });

  it('maps a column on a line whose loop was instrumented back to the learner', async () => {
    const map = findPuzzle('map')!;
    const code = map.solution.replace(
      'out[i] = a[i] + 10.0;',
      'for (var j = 0u; j < 2u; j++) { out[i] = a[i] + nope; }',
    );
    const result = await checkKernel(map, code, deps);
    expect(result.kind).toBe('compile-error');
    if (result.kind !== 'compile-error') return;
    const lineText = code.split('\n').find((l) => l.includes('nope'))!;
    expect(result.diagnostics[0]!.column).toBe(lineText.indexOf('nope') + 1);
  });

  it('reports a kernel that writes past the end (no guard) with the index', async () => {
    const guard = findPuzzle('guard')!;
    const result = await checkKernel(guard, guard.starter, deps);
    expect(result.kind).toBe('mismatch');
    if (result.kind !== 'mismatch') return;
    expect(result.caseLabel).toMatch(/^n = 1:/);
    expect(result.outputs[0]!.first[0]).toMatchObject({ index: 1, pastEnd: true });
  });

  it('times the kernel and the reference solution after a pass', async () => {
    const zip = findPuzzle('zip')!;
    const timing = await timeKernels(zip, zip.solution, deps);
    expect(timing.ok).toBe(true);
    if (!timing.ok) return;
    expect(timing.yours.medianSeconds).toBeGreaterThan(0);
    expect(timing.reference.medianSeconds).toBeGreaterThan(0);
  });
});
