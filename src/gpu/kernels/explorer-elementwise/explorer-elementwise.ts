/**
 * The explorer's elementwise kernel (ReLU on f32): its input, its CPU reference and its
 * descriptor. The WGSL twin lives in explorer-elementwise.wgsl; both give the same bits for
 * every input. This file imports no WGSL, so pure code and tests can use it without a GPU.
 */
import { elementwiseDescriptor, type KernelDescriptor } from '../../../engine/descriptor';

/** Bytes one f32 element takes. */
export const ELEMENTWISE_BYTES_PER_ELEMENT = 4;

/** Arithmetic per element that the cost engine counts for ReLU (one compare-and-select). */
export const RELU_FLOPS_PER_ELEMENT = 1;

/** Workgroup size used when the caller does not choose one. */
export const DEFAULT_ELEMENTWISE_WORKGROUP_SIZE = 64;

/** Most elements one run may take (64 MiB per buffer, inside WebGPU's default binding limit). */
export const MAX_ELEMENTWISE_ELEMENTS = 16_777_216;

/** Throws a RangeError unless `elements` is a whole number from 1 to MAX_ELEMENTWISE_ELEMENTS. */
export function validateElementCount(elements: number): void {
  if (!Number.isInteger(elements) || elements < 1 || elements > MAX_ELEMENTWISE_ELEMENTS) {
    throw new RangeError(
      `elements must be a whole number from 1 to ${MAX_ELEMENTWISE_ELEMENTS}, got ${String(elements)}`,
    );
  }
}

/** Throws a RangeError unless `size` is a whole number from 1 to 1024. */
export function validateWorkgroupSize(size: number): void {
  if (!Number.isInteger(size) || size < 1 || size > 1024) {
    throw new RangeError(`workgroup size must be a whole number from 1 to 1024, got ${size}`);
  }
}

/**
 * Input value at `index`: a hash of the index mapped to a multiple of 2^-23 in [-1, 1), so
 * about half the values are negative, none is a subnormal, and every one is exact in f32.
 */
export function elementwiseInputValue(index: number): number {
  let h = Math.imul(index >>> 0, 0x9e3779b1) ^ 0x85ebca6b;
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return ((h >>> 8) - 0x80_0000) / 0x80_0000;
}

/** The kernel's input for `elements` positions, as an f32 array. */
export function elementwiseInput(elements: number): Float32Array<ArrayBuffer> {
  validateElementCount(elements);
  const input = new Float32Array(elements);
  for (let i = 0; i < elements; i++) input[i] = elementwiseInputValue(i);
  return input;
}

/** ReLU on the CPU, with the kernel's exact rule: x when x > 0, otherwise +0. */
export function reluCpu(input: Float32Array): Float32Array<ArrayBuffer> {
  const output = new Float32Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const x = input[i] ?? 0;
    output[i] = x > 0 ? x : 0;
  }
  return output;
}

/**
 * The kernel as the cost engine sees it: reads and writes one f32 per element, one compare per
 * element, in blocks (workgroups) of `workgroupSize` threads, one element per thread.
 */
export function explorerElementwiseDescriptor(
  elements: number,
  workgroupSize: number,
): KernelDescriptor {
  validateElementCount(elements);
  validateWorkgroupSize(workgroupSize);
  return {
    ...elementwiseDescriptor(elements, 'fp32', RELU_FLOPS_PER_ELEMENT),
    name: `relu ${elements} x fp32`,
    threadsPerBlock: workgroupSize,
    blocks: Math.ceil(elements / workgroupSize),
  };
}

/** Whether a GPU output equals the CPU reference bit for bit, with a readable account. */
export interface ReluCheck {
  ok: boolean;
  detail: string;
}

/** Compares `output` with ReLU of `input` bit for bit; the detail names the first difference. */
export function verifyRelu(input: Float32Array, output: Float32Array): ReluCheck {
  if (output.length !== input.length) {
    return { ok: false, detail: `expected ${input.length} values, got ${output.length}` };
  }
  const expected = new Uint32Array(reluCpu(input).buffer);
  const actual = new Uint32Array(output.buffer, output.byteOffset, output.length);
  let mismatches = 0;
  let first = -1;
  for (let i = 0; i < expected.length; i++) {
    if (expected[i] !== actual[i]) {
      mismatches++;
      if (first < 0) first = i;
    }
  }
  if (mismatches === 0)
    return {
      ok: true,
      detail: `all ${input.length.toLocaleString('en-US')} values match the CPU reference bit for bit`,
    };
  return {
    ok: false,
    detail: `${mismatches.toLocaleString('en-US')} value(s) differ from the CPU reference; first at index ${first}: expected ${reluCpu(input.subarray(first, first + 1))[0]}, got ${output[first]}`,
  };
}
