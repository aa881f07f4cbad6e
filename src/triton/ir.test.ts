/** The IR as a back end sees it: printed, typed, with every implicit rule made explicit. */
import { describe, expect, it } from 'vitest';
import { compileKernel, makeTensor, printKernel } from './index';
import { LAYER_NORM, MATMUL, VECTOR_ADD } from './testing/kernels';
import { irProblems } from './testing/reference';

const f32 = (n: number) => makeTensor('fp32', [n]);

describe('the lowered kernel', () => {
  it('prints a vector add with its constexpr folded and its broadcasts explicit', () => {
    const ir = compileKernel(VECTOR_ADD, {
      args: [f32(1), f32(1), f32(1), 1],
      constexprs: { BLOCK_SIZE: 64 },
    });
    expect(printKernel(ir)).toBe(
      [
        'kernel add_kernel(x_ptr: pointer<fp32>, y_ptr: pointer<fp32>, out_ptr: pointer<fp32>, n_elements: int32) constexprs(BLOCK_SIZE=64)',
        '  %0 = param 0 : pointer<fp32>  # line 6',
        '  %1 = param 1 : pointer<fp32>  # line 6',
        '  %2 = param 2 : pointer<fp32>  # line 6',
        '  %3 = param 3 : int32  # line 6',
        '  %4 = program_id 0 : int32  # line 7',
        '  %5 = const 64 : int32  # line 8',
        '  %6 = mul %4, %5 : int32  # line 8',
        '  %7 = arange 0 : <[64], int32>  # line 8',
        '  %8 = splat %6 : <[64], int32>  # line 8',
        '  %9 = add %8, %7 : <[64], int32>  # line 8',
        '  %10 = splat %3 : <[64], int32>  # line 9',
        '  %11 = lt %9, %10 : <[64], int1>  # line 9',
        '  %12 = splat %0 : <[64], pointer<fp32>>  # line 10',
        '  %13 = addptr %12, %9 : <[64], pointer<fp32>>  # line 10',
        '  %14 = load %13, mask %11 : <[64], fp32>  # line 10',
        '  %15 = splat %1 : <[64], pointer<fp32>>  # line 11',
        '  %16 = addptr %15, %9 : <[64], pointer<fp32>>  # line 11',
        '  %17 = load %16, mask %11 : <[64], fp32>  # line 11',
        '  %18 = splat %2 : <[64], pointer<fp32>>  # line 12',
        '  %19 = addptr %18, %9 : <[64], pointer<fp32>>  # line 12',
        '  %20 = add %14, %17 : <[64], fp32>  # line 12',
        '  store %19, %20, mask %11  # line 12',
      ].join('\n'),
    );
  });

  it('is re-lowered for another signature (fp16 tensors, another block)', () => {
    const h = (n: number) => makeTensor('fp16', [n]);
    const ir = compileKernel(VECTOR_ADD, {
      args: [h(1), h(1), h(1), 1],
      constexprs: { BLOCK_SIZE: 16 },
    });
    expect(printKernel(ir)).toContain('%20 = add %14, %17 : <[16], fp16>  # line 12');
  });

  it('keeps loops structured, with the carried values typed', () => {
    const args = [f32(1), f32(1), f32(1), 1, 1, 1, 1, 1, 1, 1, 1, 1];
    const ir = compileKernel(MATMUL, {
      args,
      constexprs: { BLOCK_M: 16, BLOCK_N: 32, BLOCK_K: 16 },
    });
    const text = printKernel(ir);
    expect(text).toMatch(
      /= for %\d+ in range\(%\d+, %\d+, %\d+\) carry\(%\d+ = %\d+, %\d+ = %\d+, %\d+ = %\d+\) \{ {2}# line 22/,
    );
    expect(text).toMatch(/dot %\d+, %\d+, %\d+ : <\[16, 32\], fp32> {2}# line 26/);
    expect(irProblems(ir)).toEqual([]);
  });

  it('makes every promotion a cast (layer norm loads fp16 and computes in fp32)', () => {
    const h = makeTensor('fp16', [1]);
    const ir = compileKernel(LAYER_NORM, {
      args: [h, h, f32(1), f32(1), 1, 1, { float: 1e-5 }],
      constexprs: { BLOCK_SIZE: 16 },
    });
    expect(printKernel(ir)).toMatch(/cast %\d+ : <\[16\], fp32> {2}# line 14/);
    expect(irProblems(ir)).toEqual([]);
  });
});

describe('pointer bases', () => {
  it('knows statically which tensor every pointer value points into', () => {
    const args = [f32(1), f32(1), f32(1), 1, 1, 1, 1, 1, 1, 1, 1, 1];
    const ir = compileKernel(MATMUL, {
      args,
      constexprs: { BLOCK_M: 16, BLOCK_N: 16, BLOCK_K: 16 },
    });
    const bases = new Map<string, Set<number>>();
    const walk = (ops: typeof ir.body) =>
      ops.forEach((op) => {
        if (op.op === 'load' || op.op === 'store') {
          const set = bases.get(op.op) ?? new Set<number>();
          set.add(ir.bases[op.ptr] as number);
          bases.set(op.op, set);
        }
        if (op.op === 'for') walk(op.body);
      });
    walk(ir.body);
    expect([...(bases.get('load') ?? [])]).toEqual([0, 1]);
    expect([...(bases.get('store') ?? [])]).toEqual([2]);
    ir.types.forEach((t, id) => expect(t.dtype.startsWith('ptr<')).toBe(ir.bases[id] !== -1));
  });
});
