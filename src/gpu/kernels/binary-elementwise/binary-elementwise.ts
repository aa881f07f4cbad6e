/**
 * The binary elementwise kernel (a op b for add, sub, mul, div, pow): its operations, its plan
 * (launch and work, shared with the cost engine) and its CPU reference. The WGSL twin is
 * binary-elementwise.wgsl; this file imports no WGSL.
 */
import type { KernelDescriptor } from '../../../engine/models';
import { type KernelPlan } from '../../kernel-plan';
import { gammaF32 } from '../../../compute/verify-f32';
import { requireInteger } from '../../../compute/require-integer';

/** The operations, in the order of their codes in the WGSL `switch`. */
export const BINARY_OPS = ['add', 'sub', 'mul', 'div', 'pow'] as const;

/** One operation. */
export type BinaryOp = (typeof BINARY_OPS)[number];

/** Invocations per workgroup (the `WORKGROUP_SIZE` override's default). */
export const BINARY_WORKGROUP_SIZE = 64;

/** Most elements one dispatch covers: a 1-D grid of at most 65,535 workgroups. */
export const BINARY_MAX_ELEMENTS = 65_535 * BINARY_WORKGROUP_SIZE;

/** The code the WGSL switches on for `op`. */
export function binaryOpCode(op: BinaryOp): number {
  return BINARY_OPS.indexOf(op);
}

/** `elements` results of `a op b`: two f32 read and one written per element, one op each. */
export function binaryElementwisePlan(elements: number, op: BinaryOp): KernelPlan {
  requireInteger('elements', elements, 1);
  if (elements > BINARY_MAX_ELEMENTS) {
    throw new RangeError(`elements must be at most ${BINARY_MAX_ELEMENTS}, got ${elements}`);
  }
  const blocks = Math.ceil(elements / BINARY_WORKGROUP_SIZE);
  const descriptor: KernelDescriptor = {
    name: `${op} ${elements.toLocaleString('en-US')} x fp32`,
    kind: 'elementwise',
    precision: 'fp32',
    bytesRead: 8 * elements,
    bytesWritten: 4 * elements,
    flops: elements,
    threadsPerBlock: BINARY_WORKGROUP_SIZE,
    blocks,
    footprintBytes: 12 * elements,
  };
  return {
    descriptor,
    workgroupSize: [BINARY_WORKGROUP_SIZE, 1, 1],
    dispatches: [[blocks, 1, 1]],
  };
}

/** x ** y with the kernel's rule: a negative base needs a whole exponent, else NaN. */
function power(x: number, y: number): number {
  if (x >= 0) return x ** y;
  if (Math.floor(y) === y) {
    const magnitude = (-x) ** y;
    return Math.abs(y % 2) === 1 ? -magnitude : magnitude;
  }
  return Number.NaN;
}

/** One result of `x op y`, rounded to f32 as the GPU stores it. */
export function binaryOpCpu(op: BinaryOp, x: number, y: number): number {
  switch (op) {
    case 'add':
      return Math.fround(x + y);
    case 'sub':
      return Math.fround(x - y);
    case 'mul':
      return Math.fround(x * y);
    case 'div':
      return Math.fround(x / y);
    case 'pow':
      return Math.fround(power(x, y));
  }
}

/** The CPU reference: `a op b` element by element (both arrays have the output's length). */
export function binaryElementwiseCpu(op: BinaryOp, a: Float32Array, b: Float32Array): Float32Array {
  if (a.length !== b.length) {
    throw new RangeError(`operands differ in length: ${a.length} and ${b.length}`);
  }
  return Float32Array.from(a, (x, i) => binaryOpCpu(op, x, b[i] as number));
}

/**
 * Largest error allowed in one GPU result: exact for +, -, *, / up to one rounding (WGSL allows
 * 2.5 ulp for division), and a few ulp of the result for pow, which WGSL computes as
 * exp2(y·log2 x) with an error bound relative to the result.
 */
export function binaryTolerance(op: BinaryOp, expected: number): number {
  if (!Number.isFinite(expected)) return 0;
  const ulps = op === 'pow' ? 64 : op === 'div' ? 3 : 1;
  return gammaF32(ulps) * Math.abs(expected) + (op === 'pow' ? 1e-30 : 0);
}
