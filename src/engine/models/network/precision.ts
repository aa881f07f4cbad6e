/**
 * How a training or inference precision runs a network: which precision matrix products use
 * (on tensor cores where the GPU has them), how many bytes an activation element and a weight
 * read take, and what AMP adds (an fp16/bf16 copy of each matmul weight made every step, while
 * the master weights, gradients and optimizer state stay fp32). Pure.
 */
import type { Precision } from '../descriptor';
import type { Gpu } from '../../catalog/hardware';
import { requireOneOf } from '../validate';

/** Every network precision, in a fixed order. */
/** Bytes of an fp32 value: the activations autocast keeps in fp32, master weights, gradients. */
export const FP32_BYTES = 4;

/**
 * Whether a plan runs under autocast with 16-bit activations (the AMP precisions): the ops on
 * autocast's fp32 list then read and write wider tensors than the rest.
 */
export function autocastsTo16Bit(plan: PrecisionPlan): boolean {
  return plan.weightCopyBytes > 0 && plan.activationBytes < FP32_BYTES;
}

export const NETWORK_PRECISIONS = ['fp32', 'tf32', 'amp-fp16', 'amp-bf16'] as const;

/** The precisions a network step can run in. */
export type NetworkPrecision = (typeof NETWORK_PRECISIONS)[number];

/** What a precision means for the work and the memory of a step. */
export interface PrecisionPlan {
  precision: NetworkPrecision;
  /** The engine precision linear layers, attention and recurrent gates run at. */
  matmul: Precision;
  /**
   * The precision convolutions run at. In "fp32" on a GPU with TF32, cuDNN convolutions use TF32
   * anyway: PyTorch's default `torch.backends.cudnn.allow_tf32` is True, while
   * `torch.backends.cuda.matmul.allow_tf32` is False (since PyTorch 1.12).
   */
  conv: Precision;
  /** Bytes of one activation element (autocast keeps activations in 16 bits). */
  activationBytes: number;
  /** Bytes a matrix product reads per weight element (AMP reads its 16-bit copy). */
  weightReadBytes: number;
  /**
   * Bytes per matmul weight element AMP adds: each step casts the fp32 weight to a 16-bit copy
   * (read 4, write 2), and the copy is kept until backward. 0 without AMP.
   */
  weightCastBytes: number;
  /** Bytes of a 16-bit weight copy held from forward to backward (AMP); 0 otherwise. */
  weightCopyBytes: number;
  /** True when gradients are unscaled and checked for overflow (fp16 loss scaling). */
  lossScaling: boolean;
}

/** Why a GPU cannot run `precision`, or null when it can. */
function unsupported(gpu: Gpu, precision: NetworkPrecision): string | null {
  const tensor = gpu.peakFlopsPerSecond['tensor-core'];
  if (precision === 'tf32' && tensor.tf32 === undefined) {
    return `gpu "${gpu.id}" has no TF32 tensor cores (TF32 arrived with Ampere): use fp32 or amp-fp16`;
  }
  if (precision === 'amp-bf16' && tensor.bf16 === undefined) {
    const fp16 = tensor.fp16 !== undefined;
    return (
      `gpu "${gpu.id}" has no bf16 tensor cores (bfloat16 arrived with Ampere)` +
      (fp16 ? ': its tensor cores run fp16, so use amp-fp16' : ': use fp32')
    );
  }
  return null;
}

/** The plan of `precision` on `gpu`; throws a RangeError saying why when the GPU lacks it. */
export function precisionPlan(gpu: Gpu, precision: unknown): PrecisionPlan {
  requireOneOf('precision', precision, NETWORK_PRECISIONS);
  const problem = unsupported(gpu, precision);
  if (problem) throw new RangeError(problem);
  switch (precision) {
    case 'fp32':
    case 'tf32':
      return {
        precision,
        matmul: precision,
        conv: gpu.peakFlopsPerSecond['tensor-core'].tf32 === undefined ? 'fp32' : 'tf32',
        activationBytes: 4,
        weightReadBytes: 4,
        weightCastBytes: 0,
        weightCopyBytes: 0,
        lossScaling: false,
      };
    case 'amp-fp16':
    case 'amp-bf16':
      return {
        precision,
        matmul: precision === 'amp-fp16' ? 'fp16' : 'bf16',
        conv: precision === 'amp-fp16' ? 'fp16' : 'bf16',
        activationBytes: 2,
        weightReadBytes: 2,
        weightCastBytes: 6,
        weightCopyBytes: 2,
        lossScaling: precision === 'amp-fp16',
      };
  }
}
