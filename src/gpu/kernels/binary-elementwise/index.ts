/**
 * The binary elementwise kernel's record, and its job over operands the caller gives (the
 * PyTorch console's small CUDA tensors), checked against the CPU reference.
 */
import { inputUsage, outputUsage, uniformUsage } from '../../buffers';
import { withErrorScopes } from '../../error-scopes';
import { bindBuffers, dispatch, type JobContext, type KernelJob } from '../../jobs/job';
import { defineKernel } from '../../kernel-module';
import { getPipeline } from '../../pipelines';
import { allIndices, checkElements } from '../../verify-f32';
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
export async function createBinaryElementwiseJob(
  context: JobContext,
  op: BinaryOp,
  a: Float32Array<ArrayBuffer>,
  b: Float32Array<ArrayBuffer>,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const plan = binaryElementwisePlan(a.length, op);
  if (b.length !== a.length) throw new RangeError(`operands differ: ${a.length}, ${b.length}`);
  const entryPoint = 'binary_elementwise';
  const kernel = binaryElementwiseKernel;
  const pipeline = await getPipeline(device, {
    kernel,
    entryPoint,
    constants: { WORKGROUP_SIZE: BINARY_WORKGROUP_SIZE },
  });
  return withErrorScopes(device, `allocate the ${op} buffers`, () => {
    const params = buffers.upload(
      `${op} params`,
      new Uint32Array([a.length, binaryOpCode(op), 0, 0]),
      uniformUsage(),
    );
    const aBuffer = buffers.upload(`${op} a`, a, inputUsage());
    const bBuffer = buffers.upload(`${op} b`, b, inputUsage());
    const result = buffers.create(`${op} result`, a.length * 4, outputUsage());
    const group = bindBuffers(device, pipeline, kernel, entryPoint, {
      params,
      a: aBuffer,
      b: bBuffer,
      result,
    });
    const grid = plan.dispatches[0] ?? [1, 1, 1];
    return {
      label: kernel.label,
      plan,
      record: (pass) => dispatch(pass, pipeline, group, grid),
      output: result,
      outputBytes: a.length * 4,
      verify(actual) {
        const expected = binaryElementwiseCpu(op, a, b);
        const at = (i: number): number => expected[i] as number;
        return checkElements(allIndices(a.length), a.length, at, actual, (i) =>
          binaryTolerance(op, expected[i] as number),
        );
      },
    };
  });
}

/** `a op b` for +, -, *, /, **: one element per invocation. */
export const binaryElementwiseKernel = defineKernel({
  name: 'binary-elementwise',
  label: 'binary elementwise',
  summary: 'a + b, a - b, a * b, a / b or a ** b on every element: memory bound.',
  source: binaryWgsl,
  entryPoints: { binary_elementwise: { bindings: [0, 1, 2, 3], overrides: ['WORKGROUP_SIZE'] } },
  bindings: [
    { binding: 0, name: 'params', kind: 'uniform' },
    { binding: 1, name: 'a', kind: 'read-only-storage' },
    { binding: 2, name: 'b', kind: 'read-only-storage' },
    { binding: 3, name: 'result', kind: 'storage' },
  ],
  sharedConstants: { WORKGROUP_SIZE: BINARY_WORKGROUP_SIZE },
  plan: (size: { elements: number; op: BinaryOp }) => binaryElementwisePlan(size.elements, size.op),
  reference: binaryElementwiseCpu,
});
