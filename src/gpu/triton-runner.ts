/**
 * Triton kernels on a WebGPU device: the kernel lowered to the IR (src/triton), compiled to WGSL
 * (src/triton/wgsl), its tensors uploaded (fp16 as f32, the back end emulates fp16), one
 * workgroup per program dispatched, the written tensors read back into the host tensors in place,
 * and the status buffer turned into the interpreter's error when a program went out of bounds or
 * over a budget.
 */
import {
  TritonError,
  compileKernel,
  floatToHalfBits,
  halfBitsToFloat,
  normalizeGrid,
  type KernelArg,
  type KernelIR,
  type LaunchOptions,
  type TritonTensor,
} from '../triton/index';
import {
  ARG_TAIL,
  STATUS_WORDS,
  compileToWgsl,
  describeStatus,
  type CompiledWgsl,
} from '../triton/wgsl/index';
import { buildLearnerPipeline, compileLearnerShader } from './pipelines';

/** A launch on the GPU: the interpreter's options, plus the back end's. */
export interface TritonGpuOptions extends LaunchOptions {
  /** Invocations per workgroup (a power of two); default: the largest block, at most 256. */
  workgroupSize?: number;
  /** Loop iterations one program may run (default 1,000,000). */
  maxIterations?: number;
}

/** A compiled, bound launch that can be dispatched many times (the bench) before reading back. */
export interface TritonGpuLaunch {
  ir: KernelIR;
  compiled: CompiledWgsl;
  grid: [number, number, number];
  /** Records one run into a compute pass. */
  record(pass: GPUComputePassEncoder): void;
  /** Submits one run. */
  submit(): void;
  /** Copies written tensors back into the host tensors; throws the first error a program hit. */
  finish(): Promise<void>;
  destroy(): void;
}

function isTensor(a: KernelArg | undefined): a is TritonTensor {
  return typeof a === 'object' && a !== null && 'data' in a;
}

function argOf(options: LaunchOptions, name: string, position: number): KernelArg | undefined {
  if (Array.isArray(options.args)) return (options.args as readonly KernelArg[])[position];
  return (options.args as Readonly<Record<string, KernelArg>>)[name];
}

/** The tensor's storage as the f32 or i32 words the shader reads. */
function deviceData(t: TritonTensor): Float32Array<ArrayBuffer> | Int32Array<ArrayBuffer> {
  if (t.dtype === 'int32') return new Int32Array(t.data as Int32Array);
  if (t.dtype === 'fp16')
    return Float32Array.from(t.data as Uint16Array, (b) => halfBitsToFloat(b));
  return new Float32Array(t.data as Float32Array);
}

function writeBack(t: TritonTensor, bytes: ArrayBuffer): void {
  if (t.dtype === 'int32') (t.data as Int32Array).set(new Int32Array(bytes, 0, t.data.length));
  else if (t.dtype === 'fp32')
    (t.data as Float32Array).set(new Float32Array(bytes, 0, t.data.length));
  else {
    const f = new Float32Array(bytes, 0, t.data.length);
    const out = t.data as Uint16Array;
    for (let i = 0; i < f.length; i++) out[i] = floatToHalfBits(f[i] as number);
  }
}

async function readBuffer(
  device: GPUDevice,
  source: GPUBuffer,
  size: number,
): Promise<ArrayBuffer> {
  const staging = device.createBuffer({
    size,
    usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
  });
  const encoder = device.createCommandEncoder({ label: 'triton readback' });
  encoder.copyBufferToBuffer(source, 0, staging, 0, size);
  device.queue.submit([encoder.finish()]);
  await staging.mapAsync(GPUMapMode.READ);
  const copy = staging.getMappedRange().slice(0);
  staging.unmap();
  staging.destroy();
  return copy;
}

/** Lowers, compiles and binds a launch; nothing runs until `submit` or `record`. */
export async function prepareTritonLaunch(
  device: GPUDevice,
  source: string,
  options: TritonGpuOptions,
): Promise<TritonGpuLaunch> {
  const ir = compileKernel(source, options);
  const meta: Record<string, KernelArg> = { ...(options.constexprs ?? {}) } as Record<
    string,
    KernelArg
  >;
  for (const p of ir.params) {
    const a = argOf(options, p.name, p.position);
    if (a !== undefined) meta[p.name] = a;
  }
  if (!Array.isArray(options.args)) Object.assign(meta, options.args);
  const grid = normalizeGrid(options.grid, meta);
  const limits = device.limits;
  const compiled = compileToWgsl(ir, {
    grid,
    workgroupSize: options.workgroupSize,
    maxIterations: options.maxIterations,
    limits: {
      maxComputeInvocationsPerWorkgroup: limits.maxComputeInvocationsPerWorkgroup,
      maxComputeWorkgroupStorageSize: limits.maxComputeWorkgroupStorageSize,
      maxComputeWorkgroupsPerDimension: limits.maxComputeWorkgroupsPerDimension,
      maxStorageBuffersPerShaderStage: limits.maxStorageBuffersPerShaderStage,
    },
  });
  // Generated WGSL is built as a learner's shader is: uncached, the compiler's messages kept.
  const shader = await compileLearnerShader(device, ir.name, compiled.code);
  if (!shader.ok) {
    throw new TritonError(
      'compile',
      null,
      `the WGSL compiled from ${ir.name} did not compile: ${shader.messages
        .filter((m) => m.type === 'error')
        .map((m) => `${m.lineNum}:${m.linePos} ${m.message}`)
        .join('; ')}`,
    );
  }
  const built = await buildLearnerPipeline(
    device,
    ir.name,
    shader.module,
    compiled.bindings.map((b) => ({
      binding: b.binding,
      kind: b.kind === 'args' ? ('read-only-storage' as const) : ('storage' as const),
    })),
    'main',
  );
  if (!built.ok)
    throw new TritonError('compile', null, `WebGPU refused ${ir.name}: ${built.message}`);
  const { pipeline, layout } = built;
  device.pushErrorScope('validation');
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
  const buffers: GPUBuffer[] = [];
  const make = (label: string, data: ArrayBufferView<ArrayBuffer>): GPUBuffer => {
    const buffer = device.createBuffer({ label, size: Math.max(4, data.byteLength), usage });
    if (data.byteLength > 0) device.queue.writeBuffer(buffer, 0, data);
    buffers.push(buffer);
    return buffer;
  };
  const written = new Set<number>();
  const walk = (ops: KernelIR['body']) => {
    for (const op of ops) {
      if (op.op === 'for') walk(op.body);
      else if (op.op === 'store' || op.op === 'atomic_add') written.add(ir.bases[op.ptr] as number);
    }
  };
  walk(ir.body);
  const argWords = new Uint32Array(compiled.argWords);
  argWords.set(ARG_TAIL, ir.params.length);
  const view = new DataView(argWords.buffer);
  const lengths: number[] = [];
  const tensorBuffers: { tensor: TritonTensor; buffer: GPUBuffer; param: number }[] = [];
  const entries: GPUBindGroupEntry[] = [];
  ir.params.forEach((p, i) => {
    const a = argOf(options, p.name, p.position);
    if (isTensor(a)) {
      lengths.push(a.data.length);
      return;
    }
    lengths.push(0);
    const value = typeof a === 'object' && a !== null && 'float' in a ? a.float : Number(a);
    if (p.type.dtype === 'fp32') view.setFloat32(i * 4, value, true);
    else if (p.type.dtype === 'int1') view.setUint32(i * 4, value ? 1 : 0, true);
    else view.setInt32(i * 4, value | 0, true);
  });
  const status = make('triton status', new Uint32Array(STATUS_WORDS));
  for (const b of compiled.bindings) {
    if (b.kind === 'tensor') {
      const p = ir.params[b.param]!;
      const tensor = argOf(options, p.name, p.position) as TritonTensor;
      const buffer = make(p.name, deviceData(tensor));
      tensorBuffers.push({ tensor, buffer, param: b.param });
      entries.push({ binding: b.binding, resource: { buffer } });
    } else if (b.kind === 'args') {
      entries.push({ binding: b.binding, resource: { buffer: make('triton args', argWords) } });
    } else {
      entries.push({ binding: b.binding, resource: { buffer: status } });
    }
  }
  const bindGroup = device.createBindGroup({ layout, entries });
  const problem = await device.popErrorScope();
  if (problem)
    throw new TritonError('compile', null, `WebGPU refused ${ir.name}: ${problem.message}`);
  const [x, y, z] = compiled.dispatch;
  const empty = x * y * z === 0;
  const record = (pass: GPUComputePassEncoder) => {
    if (empty) return;
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bindGroup);
    pass.dispatchWorkgroups(x, y, z);
  };
  return {
    ir,
    compiled,
    grid,
    record,
    submit() {
      const encoder = device.createCommandEncoder({ label: ir.name });
      const pass = encoder.beginComputePass();
      record(pass);
      pass.end();
      device.queue.submit([encoder.finish()]);
    },
    async finish() {
      for (const { tensor, buffer, param } of tensorBuffers) {
        if (!written.has(param)) continue;
        writeBack(tensor, await readBuffer(device, buffer, buffer.size));
      }
      const words = new Uint32Array(await readBuffer(device, status, STATUS_WORDS * 4));
      const error = describeStatus(words, compiled, ir, lengths);
      if (error) throw error;
    },
    destroy() {
      for (const b of buffers) b.destroy();
    },
  };
}

/** Runs a Triton kernel on the device once; tensors are written in place, as the interpreter does. */
export async function runTritonOnGpu(
  device: GPUDevice,
  source: string,
  options: TritonGpuOptions,
): Promise<{ ir: KernelIR; compiled: CompiledWgsl; grid: [number, number, number] }> {
  const launch = await prepareTritonLaunch(device, source, options);
  try {
    launch.submit();
    await launch.finish();
    return { ir: launch.ir, compiled: launch.compiled, grid: launch.grid };
  } finally {
    launch.destroy();
  }
}
