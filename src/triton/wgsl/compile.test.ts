/**
 * The WGSL generator without a GPU: the shader's shape (bindings, workgroup size, barriers where
 * values move between invocations, no barrier where index values stay lazy), dispatch sizes, and
 * the launches it refuses with the limit named. Running the shaders is triton-runner.gpu.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { compileKernel, makeTensor, floatArg } from '../index';
import { FLASH_ATTENTION, LAYER_NORM, MATMUL, SOFTMAX, VECTOR_ADD } from '../testing/kernels';
import { compileToWgsl, describeStatus, STATUS_WORDS } from './index';

const f32 = (n: number) => makeTensor('fp32', [n]);

const addIr = () =>
  compileKernel(VECTOR_ADD, { args: [f32(4), f32(4), f32(4), 4], constexprs: { BLOCK_SIZE: 128 } });

const matmulIr = (block = 16, blockK = 16, dtype: 'fp32' | 'fp16' = 'fp32') =>
  compileKernel(MATMUL, {
    args: [
      makeTensor(dtype, [1, 1]),
      makeTensor(dtype, [1, 1]),
      makeTensor('fp32', [1, 1]),
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
    ],
    constexprs: { BLOCK_M: block, BLOCK_N: block, BLOCK_K: blockK },
  });

const count = (text: string, what: string) => text.split(what).length - 1;

describe('compileToWgsl', () => {
  it('compiles vector add to one workgroup per program, with no barrier and one binding per tensor', () => {
    const out = compileToWgsl(addIr(), { grid: [8] });
    expect(out.dispatch).toEqual([8, 1, 1]);
    expect(out.workgroupSize).toBe(128);
    expect(out.code).toContain('@compute @workgroup_size(128)');
    expect(count(out.code, 'workgroupBarrier')).toBe(0);
    expect(out.bindings.map((b) => b.kind)).toEqual([
      'tensor',
      'tensor',
      'tensor',
      'args',
      'status',
    ]);
    // Offsets and masks stay lazy: only the two loads and their sum are stored.
    expect(count(out.code, 'var v')).toBe(3);
    expect(out.workgroupBytes).toBe(0);
  });

  it('spreads a block over fewer invocations in strided shares', () => {
    const out = compileToWgsl(addIr(), { grid: [3, 2], workgroupSize: 32 });
    expect(out.dispatch).toEqual([3, 2, 1]);
    expect(out.code).toContain('for (var j = 0u; j < 4u; j++)');
    expect(out.code).toContain('let e = lid + j * 32u;');
  });

  it('reduces a softmax row through workgroup memory with a tree and a uniform load', () => {
    const ir = compileKernel(SOFTMAX, {
      args: [f32(4), f32(4), 4, 4, 4],
      constexprs: { BLOCK_SIZE: 64 },
    });
    const out = compileToWgsl(ir, { grid: [7], workgroupSize: 32 });
    expect(count(out.code, 'workgroupUniformLoad(&scratch[0])')).toBe(2);
    expect(out.code).toContain('for (var half = 16u; half > 0u; half >>= 1u)');
    expect(out.workgroupBytes).toBe(32 * 4);
  });

  it('stages tl.dot operands as fp32 tiles (A as vec4s along K) and checks loops against the budget', () => {
    const out = compileToWgsl(matmulIr(), { grid: [3, 3] });
    expect(out.code).toContain('var<workgroup> tileA: array<vec4<f32>, 64>;');
    expect(out.code).toContain('var<workgroup> tileB: array<f32, 256>;');
    expect(out.code).toContain('trips(');
    expect(out.code).toContain('n > 1000000u - used');
    expect(out.sites.some((s) => s.kind === 'loop')).toBe(true);
  });

  it('emulates fp16 by rounding through pack2x16float, without enabling f16', () => {
    const ir = compileKernel(FLASH_ATTENTION, {
      args: [
        makeTensor('fp16', [1, 1, 1]),
        makeTensor('fp16', [1, 1, 1]),
        makeTensor('fp16', [1, 1, 1]),
        makeTensor('fp32', [1, 1, 1]),
        1,
        floatArg(0.25),
        16,
        16,
      ],
      constexprs: { D: 16, BLOCK_M: 16, BLOCK_N: 16 },
    });
    const out = compileToWgsl(ir, { grid: [3, 2] });
    expect(out.code).not.toContain('enable f16');
    expect(out.code).toContain('r16(');
    expect(
      out.bindings.filter((b) => b.kind === 'tensor').map((b) => b.kind === 'tensor' && b.dtype),
    ).toEqual(['fp16', 'fp16', 'fp16', 'fp32']);
  });

  it('refuses a grid past the device limit, naming it', () => {
    expect(() => compileToWgsl(addIr(), { grid: [70000] })).toThrow(
      /grid dimension 0 is 70000; this device's maxComputeWorkgroupsPerDimension is 65535/,
    );
  });

  it('refuses workgroup memory past the device limit, naming it', () => {
    expect(() => compileToWgsl(matmulIr(128, 32), { grid: [1, 1] })).toThrow(
      /needs 32768 bytes of workgroup memory .*maxComputeWorkgroupStorageSize is 16384/,
    );
    expect(() =>
      compileToWgsl(matmulIr(128, 32), {
        grid: [1, 1],
        limits: { maxComputeWorkgroupStorageSize: 32768 },
      }),
    ).not.toThrow();
  });

  it('refuses too many invocations and a workgroup size that is not a power of two', () => {
    expect(() => compileToWgsl(addIr(), { grid: [1], workgroupSize: 512 })).toThrow(
      /maxComputeInvocationsPerWorkgroup of 256/,
    );
    expect(() => compileToWgsl(addIr(), { grid: [1], workgroupSize: 48 })).toThrow(/power of two/);
  });

  it('refuses more tensors than storage buffers', () => {
    const ir = compileKernel(LAYER_NORM, {
      args: [f32(1), f32(1), f32(1), f32(1), 1, 1, floatArg(1e-5)],
      constexprs: { BLOCK_SIZE: 16 },
    });
    expect(() =>
      compileToWgsl(ir, { grid: [1], limits: { maxStorageBuffersPerShaderStage: 4 } }),
    ).toThrow(/6 storage buffers, over this device's maxStorageBuffersPerShaderStage of 4/);
  });
});

describe('describeStatus', () => {
  it('is null for a clean launch and rebuilds the interpreter message for an out-of-bounds store', () => {
    const ir = addIr();
    const out = compileToWgsl(ir, { grid: [1] });
    const words = new Uint32Array(STATUS_WORDS);
    expect(describeStatus(words, out, ir, [4, 4, 4, 0])).toBeNull();
    const site = out.sites.findIndex((s) => s.kind === 'access' && s.op === 'store');
    words.set([1, 1, site, 2, 0, 0, 300, 44]);
    const error = describeStatus(words, out, ir, [4, 4, 4, 0]);
    expect(error?.kind).toBe('runtime');
    expect(error?.message).toBe(
      'line 12: tl.store in program (2, 0, 0) writes out_ptr at offset 300, past the end of its 4 elements (lane 44 of a [128] block; the mask lets this lane through)',
    );
  });
});
