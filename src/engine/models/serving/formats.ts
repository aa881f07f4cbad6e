/**
 * Number formats a server keeps weights and the KV cache in, what each costs in bytes, and
 * which tensor-core rate its matrix products run at on a given GPU.
 */
import type { Gpu } from '../../catalog/hardware';
import { estimate, type Figure } from '../../catalog/figure';
import type { TensorPrecision } from '../../catalog/gpu-spec';

/** Weight formats: 16-bit, 8-bit floating point, and 8- or 4-bit integers. */
export const WEIGHT_FORMATS = ['bf16', 'fp16', 'fp8', 'int8', 'int4'] as const;
/** One of `WEIGHT_FORMATS`. */
export type WeightFormat = (typeof WEIGHT_FORMATS)[number];

/** KV-cache formats. */
export const KV_FORMATS = ['bf16', 'fp16', 'fp8'] as const;
/** One of `KV_FORMATS`. */
export type KvFormat = (typeof KV_FORMATS)[number];

/**
 * The scales a 4-bit format carries: one 16-bit scale per group of 128 weights (AWQ's and
 * GPTQ's usual group size), 2/128 of a byte per weight on top of the half byte.
 */
export const INT4_GROUP_SCALE_BYTES: Figure = estimate(
  2 / 128,
  'B per weight',
  'AWQ (Lin et al. 2024) and GPTQ (Frantar et al. 2023) as served by vLLM and TensorRT-LLM: group size 128, an fp16 scale per group',
  'zero points, where a format keeps them, are left out',
);

/** Bytes a weight takes in `format` (the quantized layers' matrices; scales included). */
export function weightBytesPerElement(format: WeightFormat): number {
  switch (format) {
    case 'bf16':
    case 'fp16':
      return 2;
    case 'fp8':
    case 'int8':
      return 1;
    case 'int4':
      return 0.5 + INT4_GROUP_SCALE_BYTES.value;
  }
}

/** Bytes one key or value element takes in `format`. */
export function kvBytesPerElement(format: KvFormat): number {
  return format === 'fp8' ? 1 : 2;
}

/** How a format's matrix products run on a GPU. */
export interface ProductPrecision {
  /** The tensor-core precision the multiply-adds run in. */
  compute: TensorPrecision;
  /**
   * True when the weights are widened to 16 bits inside the kernel (weight-only quantization:
   * fewer bytes read, no faster arithmetic).
   */
  weightOnly: boolean;
}

/**
 * The precision a weight format's products run in on `gpu`. fp8 runs on fp8 tensor cores where
 * the GPU has them (Hopper, Ada) and weight-only elsewhere (vLLM's Marlin kernels on Ampere);
 * int8 and int4 are taken as weight-only formats (W8A16, W4A16: AWQ and GPTQ kernels), which
 * is how most servers run them; 16-bit runs as itself.
 */
export function productPrecision(gpu: Gpu, format: WeightFormat): ProductPrecision {
  const tensor = gpu.peakFlopsPerSecond['tensor-core'];
  // A GPU without bf16 tensor cores (Volta, Turing) serves 16-bit models in fp16.
  const sixteen: TensorPrecision = format === 'fp16' || tensor.bf16 === undefined ? 'fp16' : 'bf16';
  if (format === 'fp8' && tensor.fp8 !== undefined) return { compute: 'fp8', weightOnly: false };
  return { compute: sixteen, weightOnly: format !== 'bf16' && format !== 'fp16' };
}
