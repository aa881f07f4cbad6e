/**
 * Calibration cases for the whole-network models: published end-to-end measurements of real
 * training and inference runs, each paired with the engine's prediction of the same run. The
 * rows of hardware-figures.md's "Whole networks" table come first; the in-network efficiencies
 * of matmul-efficiency.ts were fitted on four of these runs (marked `usedForFitting`), the rest
 * are held out. Seconds per step are the batch over the published throughput.
 */
import type { CalibrationCase } from './case';
import { optimizerCost } from '../models/network/optimizer';
import { analyzeNetwork } from '../models/network/layers';
import { stepMemory } from '../models/network/memory';
import { precisionPlan } from '../models/network/precision';
import {
  networkLayers,
  predictInference,
  predictTrainStep,
  type InferencePhase,
} from '../models/network/predict-network';
import { predictDataParallel } from '../models/network/predict-data-parallel';
import { getGpu } from '../catalog/hardware';
import { DLE_BERT, DLE_RESNET50, GPT_FAST, ZERO_PAPER } from '../catalog/network-sources';
import type { NetworkPrecision } from '../models/network/precision';
import type { ExecutionMode } from '../models/network/eager/execution';

/** Milliseconds per step for `batch` samples at `perSecond` samples per second. */
function msPerStep(batch: number, perSecond: number): number {
  return (batch / perSecond) * 1e3;
}

/**
 * NVIDIA's published runs as their scripts run them: eager PyTorch with fused optimizers (apex's
 * FusedLAMB, FusedSGD) and, for BERT, the masked-LM head on the gathered masked positions only.
 */
const AS_NVIDIA_RUNS = {
  execution: 'eager',
  fusedOptimizer: true,
  mlmPositions: 'masked',
} as const;

function trainMs(
  model: string,
  gpu: string,
  batch: number,
  precision: NetworkPrecision,
  optimizer: 'sgd' | 'adam',
  seq?: number,
): number {
  const request = {
    model,
    gpu,
    batch,
    precision,
    optimizer,
    ...AS_NVIDIA_RUNS,
    ...(seq ? { seq } : {}),
  };
  return predictTrainStep(request).seconds * 1e3;
}

/** Milliseconds of an inference step: a forward pass, or a decoder's `phase` over `seq`. */
function inferenceMs(
  model: string,
  gpu: string,
  batch: number,
  precision: NetworkPrecision,
  phase: InferencePhase = 'forward',
  seq?: number,
  execution: ExecutionMode = 'eager',
): number {
  const request = { model, gpu, batch, precision, phase, execution, ...(seq ? { seq } : {}) };
  return predictInference(request).seconds * 1e3;
}

/** Model-state bytes per parameter (weights, gradients, optimizer) of BERT-large under AMP Adam. */
function ampAdamBytesPerParam(): number {
  const layers = analyzeNetwork(networkLayers('bert-large', { seq: 128, mode: 'train' })).layers;
  const plan = precisionPlan(getGpu('a100-sxm-80gb'), 'amp-fp16');
  const memory = stepMemory({ layers, batch: 1, plan, optimizer: optimizerCost('adam') });
  const params = layers.reduce((sum, l) => sum + l.params, 0);
  return memory.modelStateBytes / params;
}

const WHOLE = 0.15;

/** BERT was measured on the 32 GB V100; the catalog's 16 GB board has the same chip and clocks. */
const SOURCES_NOTE_V100_32GB = 'measured on the 32 GB V100, the same chip as the catalog one';

/** The "Whole networks" rows of hardware-figures.md (the all-reduce row is a collective case). */
export const WHOLE_NETWORK_CASES: readonly CalibrationCase[] = [
  {
    id: 'resnet50-a100-amp-train',
    what: 'ResNet-50 v1.5 training step, A100 80 GB SXM, AMP, batch 256, SGD (2,470 img/s)',
    measured: msPerStep(256, 2470),
    unit: 'ms',
    source: DLE_RESNET50,
    tolerance: WHOLE,
    usedForFitting: true,
    predict: () => trainMs('resnet50', 'a100-sxm-80gb', 256, 'amp-fp16', 'sgd'),
  },
  {
    id: 'bert-large-a100-amp-train',
    what: 'BERT-large pretraining step, seq 128, A100 80 GB SXM, AMP, batch 256 (580 seq/s; run with LAMB, modelled with Adam, which keeps the same state)',
    measured: msPerStep(256, 580),
    unit: 'ms',
    source: DLE_BERT,
    tolerance: WHOLE,
    usedForFitting: true,
    predict: () => trainMs('bert-large', 'a100-sxm-80gb', 256, 'amp-fp16', 'adam', 128),
  },
  {
    id: 'llama2-7b-a100-decode',
    what: 'Llama 2 7B decode, batch 1, bf16, A100 80 GB (power-capped, compiled): 104.9 tokens/s (predicted with a 512-token cache)',
    measured: msPerStep(1, 104.9),
    unit: 'ms',
    source: GPT_FAST,
    tolerance: WHOLE,
    usedForFitting: false,
    predict: () =>
      inferenceMs('llama2-7b', 'a100-sxm-80gb', 1, 'amp-bf16', 'decode', 512, 'reduce-overhead'),
  },
  {
    id: 'amp-adam-bytes-per-param',
    what: 'Mixed-precision Adam model state per parameter (ZeRO: 2 + 2 + 12; PyTorch autocast keeps fp32 weights and gradients: 4 + 4 + 8)',
    measured: 16,
    unit: 'B/param',
    source: ZERO_PAPER,
    tolerance: WHOLE,
    usedForFitting: false,
    predict: ampAdamBytesPerParam,
  },
];

/** Other published runs: two more fitted on, the rest held out. */
export const MORE_NETWORK_CASES: readonly CalibrationCase[] = [
  {
    id: 'resnet50-a100-tf32-train',
    what: 'ResNet-50 v1.5 training step, A100 80 GB, TF32, batch 256 (938 img/s)',
    measured: msPerStep(256, 938),
    unit: 'ms',
    source: DLE_RESNET50,
    tolerance: WHOLE,
    usedForFitting: true,
    predict: () => trainMs('resnet50', 'a100-sxm-80gb', 256, 'tf32', 'sgd'),
  },
  {
    id: 'resnet50-v100-amp-inference',
    what: 'ResNet-50 v1.5 inference, V100 16 GB, AMP, batch 256 (3,382 img/s)',
    measured: msPerStep(256, 3382),
    unit: 'ms',
    source: DLE_RESNET50,
    tolerance: WHOLE,
    usedForFitting: true,
    predict: () => inferenceMs('resnet50', 'v100-sxm2-16gb', 256, 'amp-fp16'),
  },
  {
    id: 'bert-large-a100-tf32-train',
    what: 'BERT-large pretraining step, seq 128, A100 80 GB, TF32, batch 128 (317 seq/s)',
    measured: msPerStep(128, 317),
    unit: 'ms',
    source: DLE_BERT,
    tolerance: WHOLE,
    usedForFitting: false,
    predict: () => trainMs('bert-large', 'a100-sxm-80gb', 128, 'tf32', 'adam', 128),
  },
  {
    id: 'resnet50-v100-amp-train',
    what: 'ResNet-50 v1.5 training step, V100 16 GB, AMP, batch 256 (1,200 img/s)',
    measured: msPerStep(256, 1200),
    unit: 'ms',
    source: DLE_RESNET50,
    tolerance: WHOLE,
    usedForFitting: false,
    predict: () => trainMs('resnet50', 'v100-sxm2-16gb', 256, 'amp-fp16', 'sgd'),
  },
  {
    id: 'resnet50-v100-fp32-train',
    what: 'ResNet-50 v1.5 training step, V100 16 GB, FP32, batch 112 (367 img/s)',
    measured: msPerStep(112, 367),
    unit: 'ms',
    source: DLE_RESNET50,
    tolerance: WHOLE,
    usedForFitting: false,
    predict: () => trainMs('resnet50', 'v100-sxm2-16gb', 112, 'fp32', 'sgd'),
  },
  {
    id: 'bert-large-v100-amp-train',
    what: `BERT-large pretraining step, seq 128, V100, AMP, batch 64 (224 seq/s; ${SOURCES_NOTE_V100_32GB})`,
    measured: msPerStep(64, 224),
    unit: 'ms',
    source: DLE_BERT,
    tolerance: WHOLE,
    usedForFitting: false,
    predict: () => trainMs('bert-large', 'v100-sxm2-16gb', 64, 'amp-fp16', 'adam', 128),
  },
  {
    id: 'bert-large-v100-fp32-train',
    what: `BERT-large pretraining step, seq 128, V100, FP32, batch 32 (50 seq/s; ${SOURCES_NOTE_V100_32GB})`,
    measured: msPerStep(32, 50),
    unit: 'ms',
    source: DLE_BERT,
    tolerance: WHOLE,
    usedForFitting: false,
    predict: () => trainMs('bert-large', 'v100-sxm2-16gb', 32, 'fp32', 'adam', 128),
  },
  {
    id: 'resnet50-t4-amp-inference',
    what: 'ResNet-50 v1.5 inference, T4, AMP, batch 256 (1,198 img/s)',
    measured: msPerStep(256, 1198),
    unit: 'ms',
    source: DLE_RESNET50,
    tolerance: WHOLE,
    usedForFitting: false,
    predict: () => inferenceMs('resnet50', 't4', 256, 'amp-fp16'),
  },
  {
    id: 'resnet50-8xa100-tf32-ddp',
    what: 'ResNet-50 v1.5 training on 8x A100 80 GB (NVSwitch), TF32, batch 256 per GPU (7,248 img/s in all)',
    measured: msPerStep(256 * 8, 7248),
    unit: 'ms',
    source: DLE_RESNET50,
    tolerance: WHOLE,
    usedForFitting: false,
    predict: () =>
      predictDataParallel({
        model: 'resnet50',
        gpu: 'a100-sxm-80gb',
        gpus: 8,
        batch: 256,
        precision: 'tf32',
        optimizer: 'sgd',
        link: 'nvlink3',
        mode: 'ddp',
        ...AS_NVIDIA_RUNS,
      }).seconds * 1e3,
  },
  {
    id: 'resnet50-v100-fp32-inference',
    what: 'ResNet-50 v1.5 inference, V100 16 GB, FP32, batch 256 (1,261 img/s); predicted too slow, see docs/cost-engine.md',
    measured: msPerStep(256, 1261),
    unit: 'ms',
    source: DLE_RESNET50,
    tolerance: 0.25,
    usedForFitting: false,
    predict: () => inferenceMs('resnet50', 'v100-sxm2-16gb', 256, 'fp32'),
  },
  {
    id: 'resnet50-t4-fp32-inference',
    what: 'ResNet-50 v1.5 inference, T4, FP32, batch 64 (428 img/s); predicted too slow, see docs/cost-engine.md',
    measured: msPerStep(64, 428),
    unit: 'ms',
    source: DLE_RESNET50,
    tolerance: 0.25,
    usedForFitting: false,
    predict: () => inferenceMs('resnet50', 't4', 64, 'fp32'),
  },
];

/** Every whole-network calibration case. */
export const NETWORK_CALIBRATION_CASES: readonly CalibrationCase[] = [
  ...WHOLE_NETWORK_CASES,
  ...MORE_NETWORK_CASES,
];
