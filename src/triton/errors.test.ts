/**
 * Every error the runtime gives, with its exact message: the ones Triton gives too (block sizes,
 * tl.dot's dimensions, constexprs, grids, types) and the ones it does not (a load or store
 * outside a tensor, a broadcasting mismatch naming both shapes, runaway loops, budgets).
 */
import { describe, expect, it } from 'vitest';
import { TritonError, makeTensor, runKernel, type LaunchOptions } from './index';
import { VECTOR_ADD } from './testing/kernels';

const HEADER = 'import triton\nimport triton.language as tl\n\n';

/** A kernel with one parameter block; `body` is indented for it. */
function kernel(params: string, body: string): string {
  return `${HEADER}@triton.jit\ndef k(${params}):\n${body
    .trim()
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')}\n`;
}

/** The error a launch throws. */
function errorOf(source: string, options: LaunchOptions): TritonError {
  try {
    runKernel(source, options);
  } catch (e) {
    if (e instanceof TritonError) return e;
    throw e;
  }
  throw new Error('the launch did not fail');
}

const out16 = () => makeTensor('fp32', [16]);

describe('loads and stores outside a tensor', () => {
  const n = 100;
  const vectors = () => [makeTensor('fp32', [n]), makeTensor('fp32', [n]), makeTensor('fp32', [n])];

  it('names the line, the program and the first offset of an unmasked load', () => {
    const source = VECTOR_ADD.replace(', mask=mask)\n    y', ')\n    y');
    const e = errorOf(source, {
      grid: [4],
      args: [...vectors(), n],
      constexprs: { BLOCK_SIZE: 32 },
    });
    expect(e.kind).toBe('runtime');
    expect(e.line).toBe(10);
    expect(e.message).toBe(
      'line 10: tl.load in program (3, 0, 0) reads x_ptr at offset 100, past the end of its 100 elements (lane 4 of a [32] block; this load has no mask)',
    );
    expect(e.hint).toBe(
      'Mask the lanes outside the tensor: mask = offsets < n, then tl.load(..., mask=mask).',
    );
  });

  it('says when the mask lets a lane through', () => {
    const source = VECTOR_ADD.replace(
      'mask = offsets < n_elements',
      'mask = offsets <= n_elements',
    );
    const e = errorOf(source, {
      grid: [4],
      args: [...vectors(), n],
      constexprs: { BLOCK_SIZE: 32 },
    });
    expect(e.message).toBe(
      'line 10: tl.load in program (3, 0, 0) reads x_ptr at offset 100, past the end of its 100 elements (lane 4 of a [32] block; the mask lets this lane through)',
    );
  });

  it('catches an unmasked store', () => {
    const source = VECTOR_ADD.replace('x + y, mask=mask)', 'x + y)');
    const e = errorOf(source, {
      grid: [4],
      args: [...vectors(), n],
      constexprs: { BLOCK_SIZE: 32 },
    });
    expect(e.message).toBe(
      'line 12: tl.store in program (3, 0, 0) writes out_ptr at offset 100, past the end of its 100 elements (lane 4 of a [32] block; this store has no mask)',
    );
  });

  it('catches an offset before the start, in a 2-D block', () => {
    const source = kernel(
      'x_ptr',
      'r = tl.arange(0, 4)\nc = tl.arange(0, 8)\nv = tl.load(x_ptr + r[:, None] * 8 + c[None, :] - 3)',
    );
    const e = errorOf(source, { grid: [1], args: [makeTensor('fp32', [32])] });
    expect(e.message).toBe(
      'line 8: tl.load in program (0, 0, 0) reads x_ptr at offset -3, before its first element (lane [0, 0] of a [4, 8] block; this load has no mask)',
    );
  });

  it('catches an atomic_add outside the tensor', () => {
    const source = kernel('x_ptr', 'tl.atomic_add(x_ptr + tl.arange(0, 16) + 1, 1.0)');
    const e = errorOf(source, { grid: [1], args: [out16()] });
    expect(e.message).toBe(
      'line 6: tl.atomic_add in program (0, 0, 0) writes x_ptr at offset 16, past the end of its 16 elements (lane 15 of a [16] block; this atomic_add has no mask)',
    );
  });
});

describe('compile errors', () => {
  const compile = (
    params: string,
    body: string,
    args: LaunchOptions['args'] = [out16()],
    constexprs = {},
  ) => errorOf(kernel(params, body), { grid: [1], args, constexprs });

  it('names both shapes of a broadcasting mismatch', () => {
    const e = compile('o_ptr', 'x = tl.arange(0, 32) + tl.arange(0, 64)');
    expect(e.kind).toBe('compile');
    expect(e.message).toBe(
      'line 6: cannot broadcast shapes [32] and [64]: dimension 0 is 32 in one and 64 in the other',
    );
  });

  it('names both shapes of a 2-D mismatch', () => {
    const e = compile(
      'o_ptr',
      'a = tl.zeros([32, 16], dtype=tl.float32)\nb = a + tl.zeros([8], dtype=tl.float32)',
    );
    expect(e.message).toBe(
      'line 7: cannot broadcast shapes [32, 16] and [8]: dimension 1 is 16 in one and 8 in the other',
    );
  });

  it('names the mask and the pointer shapes when a mask does not fit', () => {
    const e = compile('o_ptr', 'x = tl.load(o_ptr + tl.arange(0, 16), mask=tl.arange(0, 32) < 4)');
    expect(e.message).toBe('line 6: cannot broadcast the mask of shape [32] to shape [16]');
  });

  it("refuses an arange that is not a power of two, as Triton's wording", () => {
    const e = compile('o_ptr', 'x = tl.arange(0, 100)');
    expect(e.message).toBe(
      "line 6: arange's range must be a power of 2, got 100 (tl.arange(0, 100))",
    );
  });

  it('refuses a block shape that is not a power of two', () => {
    const e = compile('o_ptr', 'x = tl.zeros([16, 48], dtype=tl.float32)');
    expect(e.message).toBe('line 6: tl.zeros: Shape element 1 must be a power of 2, got 48');
  });

  it('refuses a block size that is not constexpr, naming the parameter', () => {
    const e = compile('o_ptr, BLOCK', 'x = tl.arange(0, BLOCK)', [out16(), 16]);
    expect(e.message).toBe(
      "line 6: tl.arange's arguments must be tl.constexpr, but BLOCK is a runtime value",
    );
    expect(e.hint).toBe('Declare the parameter as BLOCK: tl.constexpr.');
  });

  it('refuses a local block size that is not declared constexpr, as Triton does', () => {
    const e = compile('o_ptr', 'B = 16\nx = tl.arange(0, B)');
    expect(e.message).toBe(
      "line 7: tl.arange's arguments must be tl.constexpr, but B is a runtime value",
    );
  });

  it('accepts a local block size declared constexpr', () => {
    expect(() =>
      runKernel(kernel('o_ptr', 'B: tl.constexpr = 16\ntl.store(o_ptr + tl.arange(0, B), 1.0)'), {
        grid: [1],
        args: [out16()],
      }),
    ).not.toThrow();
  });

  it('refuses a non-constexpr shape in tl.zeros', () => {
    const e = compile('o_ptr, n', 'x = tl.zeros([n], dtype=tl.float32)', [out16(), 16]);
    expect(e.message).toBe(
      'line 6: tl.zeros: shape element 0 must be tl.constexpr, but n is a runtime value',
    );
  });

  it('refuses a tl.dot with a dimension under 16', () => {
    const e = compile(
      'o_ptr',
      'a = tl.zeros([8, 16], dtype=tl.float16)\nb = tl.zeros([16, 16], dtype=tl.float16)\nc = tl.dot(a, b)',
    );
    expect(e.message).toBe(
      'line 8: tl.dot: input shapes should have M >= 16, N >= 16 and K >= 16; got M = 8, N = 16, K = 16',
    );
  });

  it('refuses a tl.dot whose inner dimensions differ', () => {
    const e = compile(
      'o_ptr',
      'a = tl.zeros([16, 32], dtype=tl.float32)\nb = tl.zeros([16, 16], dtype=tl.float32)\nc = tl.dot(a, b)',
    );
    expect(e.message).toBe(
      'line 8: tl.dot: first input shape [16, 32] and second input shape [16, 16] are not compatible for matmul (K is 32 in the first and 16 in the second)',
    );
  });

  it('refuses a tl.dot of mixed dtypes', () => {
    const e = compile(
      'o_ptr',
      'a = tl.zeros([16, 16], dtype=tl.float32)\nb = tl.zeros([16, 16], dtype=tl.float16)\nc = tl.dot(a, b)',
    );
    expect(e.message).toBe(
      'line 8: First input (fp32) and second input (fp16) must have the same dtype!',
    );
  });

  it('refuses a loop-carried variable whose type changes', () => {
    const e = compile(
      'o_ptr',
      'acc = tl.zeros([16], dtype=tl.float16)\nfor i in range(4):\n    acc = acc + 1.5 * i',
    );
    expect(e.message).toBe(
      'line 7: Loop-carried variable acc has initial type <[16], fp16> but is re-assigned to <[16], fp32> in loop! Please make sure that the type stays consistent.',
    );
  });

  it('does not define after a loop a name assigned only inside it', () => {
    const e = compile('o_ptr', 'for i in range(2):\n    value = 1.0\ntl.store(o_ptr, value)');
    expect(e.message).toBe("line 8: name 'value' is not defined");
  });

  it('refuses a mask that is not boolean', () => {
    const e = compile('o_ptr', 'offs = tl.arange(0, 16)\nx = tl.load(o_ptr + offs, mask=offs)');
    expect(e.message).toBe('line 7: Mask must have boolean scalar type, got <[16], int32>');
  });

  it('refuses other= without a mask', () => {
    const e = compile('o_ptr', 'x = tl.load(o_ptr + tl.arange(0, 16), other=0.0)');
    expect(e.message).toBe('line 6: `other` cannot be provided without `mask`');
  });

  it('refuses fp16 in tl.exp, as Triton does', () => {
    const e = compile('o_ptr', 'x = tl.exp(tl.zeros([16], dtype=tl.float16))');
    expect(e.message).toBe("line 6: tl.exp: Expected dtype ['fp32', 'fp64'] but got fp16");
  });

  it('refuses a program_id axis past 2', () => {
    const e = compile('o_ptr', 'p = tl.program_id(3)');
    expect(e.message).toBe('line 6: program_id axis must be 0, 1, or 2 but got 3');
  });

  it('refuses floor division of floats', () => {
    const e = compile('o_ptr', 'x = tl.zeros([16], dtype=tl.float32) // 2');
    expect(e.message).toBe(
      'line 6: floor division // needs integers, not fp32 (Triton raises "unexpected type fp32")',
    );
  });

  it('refuses arithmetic that makes no sense on pointers', () => {
    const e = compile('o_ptr', 'p = o_ptr * 2');
    expect(e.message).toBe('line 6: unsupported operand types for *: pointer<fp32> and int');
  });
});

describe('outside the subset', () => {
  const refused = (params: string, body: string) =>
    errorOf(kernel(params, body), { grid: [1], args: [out16()] });

  it.each([
    [
      'i = 0\nwhile i < 4:\n    i += 1',
      'line 7: A while loop is outside the Triton subset this runtime implements',
    ],
    [
      'x = tl.reshape(tl.arange(0, 16), (4, 4))',
      'line 6: tl.reshape is outside the Triton subset this runtime implements',
    ],
    [
      'x = tl.load(o_ptr, eviction_policy="evict_last")',
      'line 6: The keyword eviction_policy= of tl.load is outside the Triton subset this runtime implements',
    ],
    [
      'if tl.program_id(0) == 0:\n    tl.store(o_ptr, 1.0)',
      'line 6: An if statement on a runtime value is outside the Triton subset this runtime implements',
    ],
    [
      'x = tl.zeros([16], dtype=tl.bfloat16)',
      'line 6: The dtype tl.bfloat16 is outside the Triton subset this runtime implements',
    ],
    [
      'for i in range(4):\n    break',
      'line 7: break is outside the Triton subset this runtime implements',
    ],
    [
      'x = tl.arange(0, 16)[2]',
      'line 6: Indexing a block with a number or a block is outside the Triton subset this runtime implements',
    ],
    [
      'm = (tl.arange(0, 16) < 4) and (tl.arange(0, 16) > 1)',
      'line 6: "and" between blocks is outside the Triton subset this runtime implements',
    ],
    [
      'x = tl.arange(0, 16) ** 2',
      'line 6: The ** operator on a block is outside the Triton subset this runtime implements',
    ],
  ])('%s', (body, message) => {
    const e = refused('o_ptr', body);
    expect(e.kind).toBe('unsupported');
    expect(e.message).toBe(message);
  });

  it('refuses an autotune decorator by name', () => {
    const source = `${HEADER}@triton.autotune(configs=[], key=[])\n@triton.jit\ndef k(o_ptr):\n    pass\n`;
    expect(errorOf(source, { grid: [1], args: [out16()] }).message).toBe(
      'line 4: The decorator @triton.autotune is outside the Triton subset this runtime implements',
    );
  });

  it('keeps an if on a constexpr (one branch is compiled)', () => {
    const source = kernel(
      'o_ptr, FLAG: tl.constexpr',
      'if FLAG:\n    tl.store(o_ptr, 1.0)\nelse:\n    tl.store(o_ptr, tl.arange(0, 3))',
    );
    expect(() =>
      runKernel(source, { grid: [1], args: [out16()], constexprs: { FLAG: true } }),
    ).not.toThrow();
  });
});

describe('syntax errors', () => {
  it.each([
    ['@triton.jit\ndef k(x_ptr):\n    y = (1 +\n', "line 6: '(' was never closed"],
    ['@triton.jit\ndef k(x_ptr):\n    y = 1\n      z = 2\n', 'line 7: unexpected indent'],
    [
      '@triton.jit\ndef k(x_ptr):\n        y = 1\n    z = 2\n',
      'line 7: unindent does not match any outer indentation level',
    ],
    [
      '@triton.jit\ndef k(x_ptr)\n    y = 1\n',
      "line 5: invalid syntax: the end of the line at column 13, expected ':'",
    ],
  ])('%#', (body, message) => {
    expect(errorOf(`${HEADER}${body}`, { grid: [1], args: [out16()] }).message).toBe(message);
  });
});

describe('grids', () => {
  const source = VECTOR_ADD;
  const args = () => [makeTensor('fp32', [4]), makeTensor('fp32', [4]), makeTensor('fp32', [4]), 4];

  it.each([
    [[1, 2, 3, 4], 'the grid must have 1, 2 or 3 dimensions; got 4: (1, 2, 3, 4)'],
    [[], 'the grid must have 1, 2 or 3 dimensions; got 0: ()'],
    [[2.5], 'grid dimension 0 must be a non-negative int; got 2.5'],
    [[-1], 'grid dimension 0 must be a non-negative int; got -1'],
    [[1, 70000], 'grid dimension 1 is 70000; CUDA allows at most 65535 there'],
  ])('refuses %j', (grid, message) => {
    const e = errorOf(source, { grid, args: args(), constexprs: { BLOCK_SIZE: 4 } });
    expect(e.kind).toBe('launch');
    expect(e.message).toBe(message);
  });

  it('checks what a grid function returns', () => {
    const e = errorOf(source, {
      grid: () => [1, 1, 1, 1],
      args: args(),
      constexprs: { BLOCK_SIZE: 4 },
    });
    expect(e.message).toBe('the grid must have 1, 2 or 3 dimensions; got 4: (1, 1, 1, 1)');
  });

  it('runs nothing for an empty grid', () => {
    const a = args();
    expect(runKernel(source, { grid: [0], args: a, constexprs: { BLOCK_SIZE: 4 } }).programs).toBe(
      0,
    );
  });
});

describe('arguments', () => {
  const args = () => [makeTensor('fp32', [4]), makeTensor('fp32', [4]), makeTensor('fp32', [4])];

  it('names a missing argument', () => {
    expect(
      errorOf(VECTOR_ADD, { grid: [1], args: args(), constexprs: { BLOCK_SIZE: 4 } }).message,
    ).toBe("add_kernel() is missing the argument 'n_elements'");
  });

  it('refuses a tensor for a constexpr', () => {
    expect(
      errorOf(VECTOR_ADD, { grid: [1], args: [...args(), 4, makeTensor('fp32', [1])] }).message,
    ).toBe('BLOCK_SIZE is a tl.constexpr parameter: pass a number, not a tensor');
  });

  it('refuses an int beyond int32', () => {
    expect(
      errorOf(VECTOR_ADD, { grid: [1], args: [...args(), 2 ** 31], constexprs: { BLOCK_SIZE: 4 } })
        .message,
    ).toBe('n_elements = 2147483648 does not fit in int32; this runtime has no int64');
  });
});

describe('budgets', () => {
  it('stops a runaway loop before it runs, naming the budget', () => {
    const source = kernel(
      'o_ptr, n',
      'acc = 0.0\nfor i in range(0, n):\n    acc += 1.0\ntl.store(o_ptr, acc)',
    );
    const e = errorOf(source, { grid: [1], args: [out16(), 2 ** 31 - 1] });
    expect(e.kind).toBe('budget');
    expect(e.message).toBe(
      "line 7: the loop in program (0, 0, 0) would run 2,147,483,647 iterations (range(0, 2147483647, 1)), past the interpreter's budget of 1,000,000 loop iterations per launch (0 used before it)",
    );
  });

  it('counts iterations across programs', () => {
    const source = kernel(
      'o_ptr, n',
      'acc = 0.0\nfor i in range(0, n):\n    acc += 1.0\ntl.store(o_ptr, acc)',
    );
    const e = errorOf(source, { grid: [3], args: [out16(), 40], limits: { maxIterations: 100 } });
    expect(e.message).toBe(
      "line 7: the loop in program (2, 0, 0) would run 40 iterations (range(0, 40, 1)), past the interpreter's budget of 100 loop iterations per launch (80 used before it)",
    );
  });

  it('refuses a block over Triton’s limit of 2^20 elements', () => {
    const e = errorOf(kernel('o_ptr', 'x = tl.arange(0, 2097152)'), { grid: [1], args: [out16()] });
    expect(e.kind).toBe('budget');
    expect(e.message).toBe(
      "line 6: the block [2097152] has 2097152 elements, over Triton's maximum of 1048576 elements in a block",
    );
  });

  it('refuses a kernel over the memory budget before it runs', () => {
    const e = errorOf(
      kernel(
        'o_ptr',
        'x = tl.zeros([512, 512], dtype=tl.float32)\ny = x + 1.0\ntl.store(o_ptr, tl.sum(tl.sum(y, axis=0), axis=0))',
      ),
      {
        grid: [1],
        args: [out16()],
        limits: { maxProgramBytes: 2 * 1024 * 1024 },
      },
    );
    expect(e.message).toBe(
      "k's blocks take 3.0 MiB per program; the interpreter's memory budget is 2.0 MiB",
    );
  });

  it('refuses a grid over the program budget', () => {
    const e = errorOf(VECTOR_ADD, {
      grid: [70000],
      args: [makeTensor('fp32', [4]), makeTensor('fp32', [4]), makeTensor('fp32', [4]), 4],
      constexprs: { BLOCK_SIZE: 4 },
    });
    expect(e.message).toBe(
      'the grid (70000, 1, 1) has 70,000 programs; the interpreter runs at most 65,536 in one launch',
    );
  });

  it('refuses a launch over the work budget before it runs', () => {
    const e = errorOf(VECTOR_ADD, {
      grid: [1000],
      args: [makeTensor('fp32', [4]), makeTensor('fp32', [4]), makeTensor('fp32', [4]), 4],
      constexprs: { BLOCK_SIZE: 1024 },
      limits: { maxWork: 1_000_000 },
    });
    expect(e.message).toBe(
      "the launch would take about 15,367,000 element operations (1,000 programs), past the interpreter's budget of 1,000,000",
    );
  });

  it('refuses unrolling a huge tl.static_range', () => {
    const e = errorOf(kernel('o_ptr', 'for i in tl.static_range(100000):\n    pass'), {
      grid: [1],
      args: [out16()],
    });
    expect(e.message).toBe(
      'line 6: tl.static_range would unroll its body 100,000 times; the interpreter unrolls at most 1,024',
    );
  });
});

describe('pointers stay in one tensor', () => {
  it('refuses a tl.where between pointers into two tensors', () => {
    const source = kernel(
      'a_ptr, b_ptr',
      'offs = tl.arange(0, 16)\np = tl.where(offs < 8, a_ptr + offs, b_ptr + offs)\ntl.store(p, 1.0)',
    );
    const e = errorOf(source, { grid: [1], args: [out16(), out16()] });
    expect(e.message).toBe(
      'line 7: tl.where between pointers into two tensors (a_ptr and b_ptr) is outside the Triton subset this runtime implements',
    );
  });

  it('keeps a tl.where between pointers into one tensor', () => {
    const a = out16();
    const source = kernel(
      'a_ptr',
      'offs = tl.arange(0, 16)\np = tl.where(offs < 8, a_ptr + offs + 8, a_ptr + offs - 8)\ntl.store(p, offs)',
    );
    runKernel(source, { grid: [1], args: [a] });
    expect(Array.from(a.data)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
