/**
 * The console's compute backend on a real WebGPU device: elementwise arithmetic and batched
 * matrix products of small float32 tensors. Each call uploads its operands, dispatches one
 * kernel, reads the result back and frees its buffers; WebGPU's own errors become Errors.
 */
import type { ElementwiseOp, TensorCompute } from '../../../torch/compute';
import type { GpuContext } from '../../../gpu/device';
import { withErrorScopes } from '../../../gpu/error-scopes';
import elementwiseWgsl from './elementwise.wgsl?raw';
import matmulWgsl from './matmul.wgsl?raw';

/** Invocations per workgroup of both kernels. */
export const TENSOR_WORKGROUP_SIZE = 64;

const OP_CODES: Readonly<Record<ElementwiseOp, number>> = {
  add: 0,
  sub: 1,
  mul: 2,
  div: 3,
  pow: 4,
};

async function pipelineFor(
  device: GPUDevice,
  label: string,
  code: string,
): Promise<GPUComputePipeline> {
  const module = await withErrorScopes(device, `compile the ${label} shader`, () =>
    device.createShaderModule({ label, code }),
  );
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length > 0) {
    throw new Error(
      `The ${label} shader did not compile: ${errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ')}`,
    );
  }
  return device.createComputePipelineAsync({
    label,
    layout: 'auto',
    compute: { module, entryPoint: 'main', constants: { WORKGROUP_SIZE: TENSOR_WORKGROUP_SIZE } },
  });
}

/** Runs one kernel over `outputLength` elements and returns the result. */
async function runKernel(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  params: Uint32Array,
  a: Float32Array,
  b: Float32Array,
  outputLength: number,
): Promise<Float32Array> {
  if (outputLength === 0) return new Float32Array(0);
  const owned: GPUBuffer[] = [];
  try {
    const outBytes = outputLength * 4;
    const { readback } = await withErrorScopes(device, `run a ${pipeline.label} kernel`, () => {
      const make = (size: number, usage: number) => {
        const buffer = device.createBuffer({ size: Math.max(16, Math.ceil(size / 4) * 4), usage });
        owned.push(buffer);
        return buffer;
      };
      const uniform = make(16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
      const inA = make(a.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST);
      const inB = make(b.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST);
      const out = make(outBytes, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC);
      const staging = make(outBytes, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);
      const padded = new Uint32Array(4);
      padded.set(params.subarray(0, 4));
      device.queue.writeBuffer(uniform, 0, padded);
      if (a.byteLength > 0) device.queue.writeBuffer(inA, 0, new Float32Array(a));
      if (b.byteLength > 0) device.queue.writeBuffer(inB, 0, new Float32Array(b));
      const group = device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [uniform, inA, inB, out].map((buffer, binding) => ({
          binding,
          resource: { buffer },
        })),
      });
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(Math.ceil(outputLength / TENSOR_WORKGROUP_SIZE));
      pass.end();
      encoder.copyBufferToBuffer(out, 0, staging, 0, outBytes);
      device.queue.submit([encoder.finish()]);
      return { readback: staging };
    });
    await readback.mapAsync(GPUMapMode.READ, 0, outBytes);
    const result = new Float32Array(readback.getMappedRange(0, outBytes).slice(0));
    readback.unmap();
    return result;
  } finally {
    for (const buffer of owned) buffer.destroy();
  }
}

/** A TensorCompute that runs on `gpu`. */
export function createWebGpuCompute(gpu: GpuContext): TensorCompute {
  const { device, adapter } = gpu;
  let pipelines:
    Promise<{ elementwise: GPUComputePipeline; matmul: GPUComputePipeline }> | undefined;
  const ready = () => {
    pipelines ??= Promise.all([
      pipelineFor(device, 'tensor elementwise', elementwiseWgsl),
      pipelineFor(device, 'tensor matmul', matmulWgsl),
    ]).then(([elementwise, matmul]) => ({ elementwise, matmul }));
    return pipelines;
  };
  const name = [adapter.vendor, adapter.architecture || adapter.device || adapter.description]
    .filter(Boolean)
    .join(' ');
  return {
    description: `WebGPU on ${name || 'your GPU'}${adapter.isFallback ? ' (a software fallback adapter: your CPU, not a GPU)' : ''}`,
    async elementwise(op, a, b) {
      if (a.length !== b.length)
        throw new RangeError(`operands differ in length: ${a.length} and ${b.length}`);
      const { elementwise } = await ready();
      return runKernel(device, elementwise, Uint32Array.of(a.length, OP_CODES[op]), a, b, a.length);
    },
    async matmul(a, b, { batch, m, k, n }) {
      if (a.length !== batch * m * k || b.length !== batch * k * n)
        throw new RangeError('operand sizes do not match the matmul dimensions');
      const { matmul } = await ready();
      return runKernel(device, matmul, Uint32Array.of(batch, m, k, n), a, b, batch * m * n);
    },
  };
}
