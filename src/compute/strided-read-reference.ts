/**
 * What the strided-read kernel computes, without a GPU: lane i of the launch reads word
 * i × stride of the source and writes it to word i of the output. Pure; the WebGPU kernel
 * (gpu/kernels/strided-read) is checked against it.
 */
import { requireInteger } from './require-integer';

/** Words the source must hold for `count` reads `stride` words apart. */
export function stridedSourceWords(count: number, stride: number): number {
  requireInteger('count', count, 1);
  requireInteger('stride', stride, 1);
  return (count - 1) * stride + 1;
}

/** The CPU reference: output[i] = source[i × stride] for i < count. */
export function stridedReadCpu(source: Float32Array, count: number, stride: number): Float32Array {
  const words = stridedSourceWords(count, stride);
  if (source.length < words) {
    throw new RangeError(`the source holds ${source.length} words, ${words} are read`);
  }
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = source[i * stride] as number;
  return out;
}
