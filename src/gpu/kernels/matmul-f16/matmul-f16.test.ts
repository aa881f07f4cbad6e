import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readWgslDeclarations } from '../../testing/wgsl-declarations';
import { halfBits, halfValue, roundToHalf } from './half';
import { matmulF16Kernel, matmulF32TwinShader } from './index';
import {
  errorTally,
  f32TwinSource,
  halfTolerance,
  matmulF16Cpu,
  matmulF16Inputs,
  matmulF16Plan,
  toleranceOf,
} from './matmul-f16';

const wgsl = readFileSync(fileURLToPath(new URL('./matmul-f16.wgsl', import.meta.url)), 'utf8');

describe('f16 on the host', () => {
  it('rounds known values as IEEE half precision does', () => {
    expect(halfBits(0.1)).toBe(0x2e66);
    expect(halfValue(0x2e66)).toBe(0.0999755859375);
    expect(halfBits(65504)).toBe(0x7bff);
    expect(halfBits(65519.9)).toBe(0x7bff);
    expect(halfBits(65520)).toBe(0x7c00);
    expect(halfBits(-1e6)).toBe(0xfc00);
    expect(halfBits(2 ** -25)).toBe(0);
    expect(halfBits(2 ** -25 * 1.0000001)).toBe(1);
    expect(halfBits(-0)).toBe(0x8000);
    expect(halfBits(NaN)).toBe(0x7e00);
    expect(halfBits(1 + 2 ** -11)).toBe(0x3c00);
    expect(halfBits(1 + 3 * 2 ** -11)).toBe(0x3c02);
    expect(halfBits(2 ** -14 - 2 ** -25)).toBe(0x0400);
  });

  it('reads every finite pattern back to itself and breaks every tie to even', () => {
    // Every pattern is checked; what is wrong is collected and shown at the end (one expect per
    // check made expect's own bookkeeping most of this test's time).
    const wrong: string[] = [];
    const hex = (n: number) => `0x${n.toString(16)}`;
    for (let bits = 0; bits < 0x7c00; bits++) {
      const value = halfValue(bits);
      const back = halfBits(value);
      if (back !== bits) wrong.push(`${hex(bits)} -> ${hex(back)}`);
      const negated = halfBits(-value);
      if (negated !== (bits | 0x8000)) wrong.push(`-${hex(bits)} -> ${hex(negated)}`);
      if (bits + 1 < 0x7c00) {
        const middle = (value + halfValue(bits + 1)) / 2;
        const even = bits % 2 === 0 ? bits : bits + 1;
        const tie = halfBits(middle);
        if (tie !== even) wrong.push(`tie after ${hex(bits)} -> ${hex(tie)}, not ${hex(even)}`);
      }
    }
    expect(wrong.slice(0, 20), `${wrong.length} wrong`).toEqual([]);
    expect(halfValue(0x7c00)).toBe(Infinity);
    expect(halfValue(0x7c01)).toBeNaN();
  });
});

describe('the f32 twin', () => {
  it('is the f16 WGSL with only the element type changed', () => {
    expect(matmulF16Kernel.wgsl).toBe(wgsl);
    const twin = f32TwinSource(wgsl);
    expect(matmulF32TwinShader.wgsl).toBe(twin);
    const composed = matmulF32TwinShader.source.split('\n');
    expect(matmulF16Kernel.source.split('\n').filter((line) => !composed.includes(line))).toEqual([
      'enable f16;',
      'alias scalar = f16;',
    ]);
    const code = twin.replace(/\/\/[^\n]*/g, '');
    expect(code).not.toMatch(/\bf16\b|enable/);
    expect(twin).toContain('alias scalar = f32;');
    const removed = wgsl.split('\n').filter((line) => !twin.split('\n').includes(line));
    expect(removed).toEqual(['enable f16;', 'alias scalar = f16;']);
    expect(readWgslDeclarations(twin)).toEqual(readWgslDeclarations(wgsl));
    expect(matmulF32TwinShader.name).not.toBe(matmulF16Kernel.name);
  });

  it('refuses a source without the lines it swaps', () => {
    expect(() => f32TwinSource(wgsl.replace('enable f16;\n', ''))).toThrow(/enable f16/);
    expect(() => f32TwinSource(wgsl.replace('alias scalar = f16;', ''))).toThrow(/alias/);
  });
});

describe('the plan', () => {
  it('reads 2-byte elements in f16 and 4-byte ones in the twin, writing f32 either way', () => {
    const half = matmulF16Plan(64, 'f16', 65_535);
    const full = matmulF16Plan(64, 'f32', 65_535);
    expect(half.descriptor).toMatchObject({
      kind: 'other',
      precision: 'fp16',
      bytesRead: 2 * 64 * 64 * 2,
      bytesWritten: 64 * 64 * 4,
      flops: 2 * 64 ** 3,
      blocks: 16,
    });
    expect(full.descriptor.bytesRead).toBe(2 * 64 * 64 * 4);
    expect(half.dispatches).toEqual([[4, 4, 1]]);
    expect(matmulF16Plan(18, 'f16', 65_535).dispatches).toEqual([[2, 2, 1]]);
  });

  it('rejects odd or tiny sizes and grids the device cannot launch', () => {
    expect(() => matmulF16Plan(63, 'f16', 65_535)).toThrow(/even/);
    expect(() => matmulF16Plan(0, 'f32', 65_535)).toThrow(/integer >= 2/);
    expect(() => matmulF16Plan(256, 'f32', 8)).toThrow(/16 workgroups/);
  });
});

describe('inputs and reference', () => {
  it('gives both variants the same numbers, each exactly an f16 in [-1, 1]', () => {
    const inputs = matmulF16Inputs(32);
    expect(matmulF16Inputs(32)).toEqual(inputs);
    for (let i = 0; i < 32 * 32; i++) {
      const value = inputs.a[i]!;
      expect(Math.abs(value)).toBeLessThanOrEqual(1);
      expect(roundToHalf(value)).toBe(value);
      expect(halfValue(inputs.aHalf[i]!)).toBe(value);
      expect(halfValue(inputs.bHalf[i]!)).toBe(inputs.b[i]);
    }
    expect(new Set(inputs.a).size).toBeGreaterThan(500);
  });

  it('computes the product in f64', () => {
    const inputs = matmulF16Inputs(2);
    const [a0, a1, a2, a3] = inputs.a;
    const [b0, b1, b2, b3] = inputs.b;
    const c = matmulF16Cpu(inputs);
    expect([...c]).toEqual(
      [
        a0! * b0! + a1! * b2!,
        a0! * b1! + a1! * b3!,
        a2! * b0! + a3! * b2!,
        a2! * b1! + a3! * b3!,
      ].map(Math.fround),
    );
  });

  it('allows the f16 result far more error than the f32 twin', () => {
    // n = 127: (n + 1) · 2^-10 = 1/8, gamma = (1/8) / (7/8) = 1/7, plus 127 · 2^-14.
    expect(halfTolerance(127, 7)).toBeCloseTo(1 + 127 / 16384, 12);
    expect(toleranceOf('f32', 127, 7)).toBeLessThan(1e-4);
    expect(halfTolerance(2000, 1)).toBe(Infinity);
  });

  it('tallies the largest error and the largest exact value', () => {
    const tally = errorTally();
    tally.add(2, 2.5);
    tally.add(-4, -4.25);
    expect(tally.result()).toEqual({
      maxAbsError: 0.5,
      maxExact: 4,
      relativeError: 0.125,
      checked: 2,
    });
    const broken = errorTally();
    broken.add(1, NaN);
    expect(broken.result().maxAbsError).toBeNaN();
  });
});
