/**
 * The binary elementwise kernel's record, and its job over operands the caller gives (the
 * PyTorch console's small CUDA tensors), checked against the CPU reference.
 */
import { createOperandJob, operandKernelParts } from '../../jobs/operand-job';
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { defineKernel } from '../../kernel-module';
import binaryWgsl from './binary-elementwise.wgsl?raw';
import {
  BINARY_WORKGROUP_SIZE,
  binaryElementwiseCpu,
  binaryElementwisePlan,
  binaryOpCode,
  binaryTolerance,
  type BinaryOp,
} from './binary-elementwise';

/** A job computing `a op b` on the device; `a` and `b` have the output's length (>= 1). */
export function createBinaryElementwiseJob(
  context: JobContext,
  op: BinaryOp,
  a: Float32Array<ArrayBuffer>,
  b: Float32Array<ArrayBuffer>,
): Promise<KernelJob> {
  if (b.length !== a.length) throw new RangeError(`operands differ: ${a.length}, ${b.length}`);
  const plan = binaryElementwisePlan(a.length, op);
  const expected = binaryElementwiseCpu(op, a, b);
  return createOperandJob(context, {
    kernel: binaryElementwiseKernel,
    entryPoint: 'binary_elementwise',
    constants: { WORKGROUP_SIZE: BINARY_WORKGROUP_SIZE },
    plan,
    params: new Uint32Array([a.length, binaryOpCode(op), 0, 0]),
    a,
    b,
    outputs: a.length,
    expectedAt: (i) => {
      const value = expected[i] as number;
      return { value, tolerance: binaryTolerance(op, value) };
    },
  });
}

/** `a op b` for +, -, *, /, **: one element per invocation. */
export const binaryElementwiseKernel = defineKernel({
  name: 'binary-elementwise',
  label: 'binary elementwise',
  summary: 'a + b, a - b, a * b, a / b or a ** b on every element: memory bound.',
  wgsl: binaryWgsl,
  ...operandKernelParts('binary_elementwise', BINARY_WORKGROUP_SIZE),
  plan: (size: { elements: number; op: BinaryOp }) => binaryElementwisePlan(size.elements, size.op),
  reference: binaryElementwiseCpu,
});
