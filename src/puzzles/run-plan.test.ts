import { describe, expect, it } from 'vitest';
import { findPuzzle } from './catalog';
import { FILL_BITS, PAD_ELEMENTS } from './compare';
import { SIZE_BINDING, STATUS_BINDING } from './program';
import { judgeCase, planCase, sizeWords } from './run-plan';
import { unmetRequirements } from './requirements';

const guard = findPuzzle('guard')!;
const histogram = findPuzzle('histogram')!;

describe('planning a run', () => {
  it('binds the size, the inputs, the padded outputs and the status buffer', () => {
    const plan = planCase(guard, { n: 65 });
    expect(plan.run.workgroups).toEqual([2, 1, 1]);
    const byBinding = new Map(plan.run.bindings.map((b) => [b.binding, b]));
    expect(Array.from(byBinding.get(SIZE_BINDING)!.data)).toEqual([65, 0, 0, 0]);
    expect(byBinding.get(1)).toMatchObject({ kind: 'read-only-storage', readBack: false });
    expect(byBinding.get(1)!.data).toHaveLength(65);
    const out = byBinding.get(2)!;
    expect(out).toMatchObject({ kind: 'storage', readBack: true });
    expect(out.data).toHaveLength(65 + PAD_ELEMENTS);
    expect(out.data.every((w) => w === FILL_BITS)).toBe(true);
    expect(byBinding.get(STATUS_BINDING)).toMatchObject({ kind: 'storage', readBack: true });
  });

  it('starts counters at zero', () => {
    const plan = planCase(histogram, { n: 7 });
    const bins = plan.run.bindings.find((b) => b.binding === 2)!;
    expect(bins.data.every((w) => w === 0)).toBe(true);
  });

  it('writes the size fields in order', () => {
    expect(Array.from(sizeWords(findPuzzle('tiled-matmul')!, { m: 2, n: 3, k: 4 }))).toEqual([
      2, 3, 4, 0,
    ]);
  });
});

describe('judging what came back', () => {
  const plan = planCase(guard, { n: 3 });
  const right = () => {
    const out = new Uint32Array(3 + PAD_ELEMENTS).fill(FILL_BITS);
    out.set(new Uint32Array((plan.expected.out as Float32Array).slice().buffer));
    return out;
  };

  it('passes the reference values', () => {
    const outcome = judgeCase(
      guard,
      plan,
      new Map([
        [2, right()],
        [STATUS_BINDING, new Uint32Array(4)],
      ]),
    );
    expect(outcome.kind).toBe('pass');
  });

  it('reports a value past the end', () => {
    const out = right();
    out[3] = 0;
    const outcome = judgeCase(
      guard,
      plan,
      new Map([
        [2, out],
        [STATUS_BINDING, new Uint32Array(4)],
      ]),
    );
    expect(outcome.kind).toBe('mismatch');
    if (outcome.kind === 'mismatch')
      expect(outcome.outputs[0]!.first[0]).toMatchObject({ index: 3, pastEnd: true, got: '0' });
  });

  it('reports a loop out of budget before looking at values', () => {
    const outcome = judgeCase(
      guard,
      plan,
      new Map([
        [2, right()],
        [STATUS_BINDING, Uint32Array.from([1, 0, 0, 0])],
      ]),
    );
    expect(outcome.kind).toBe('out-of-budget');
  });
});

describe("a puzzle's requirements", () => {
  it('are read from the code without its comments', () => {
    const sum = findPuzzle('sum')!;
    expect(unmetRequirements(sum, '// var<workgroup> x: f32;\nfn main() {}')).toHaveLength(1);
    expect(unmetRequirements(sum, 'var<workgroup> x: array<f32, 4>;')).toEqual([]);
    expect(unmetRequirements(findPuzzle('map')!, '')).toEqual([]);
  });
});
