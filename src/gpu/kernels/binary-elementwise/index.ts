/**
 * The binary elementwise kernel's record, whose runs are given their operands (the PyTorch
 * console's small CUDA tensors) and checked against the CPU reference.
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

/** What a run is given: the operation and its operands, both of the output's length (>= 1). */
export interface BinaryOperands {
  op: BinaryOp;
  a: Float32Array<ArrayBuffer>;
  b: Float32Array<ArrayBuffer>;
}

/** A job computing `a op b` on the device. */
function createBinaryElementwiseJob(
  context: JobContext,
  { op, a, b }: BinaryOperands,
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
  plan: (size: BinaryOperands) => binaryElementwisePlan(size.a.length, size.op),
  reference: binaryElementwiseCpu,
  job: createBinaryElementwiseJob,
});
