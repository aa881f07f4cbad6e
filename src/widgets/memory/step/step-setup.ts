/**
 * What the step-through works from: a training request checked by the engine, and the pieces the
 * engine derives from it (layers, precision plan, optimizer, its own peak-memory breakdown). A
 * request the engine rejects comes back as the engine's message. Pure.
 */
import {
  analyzeNetwork,
  CUDA_CONTEXT_BYTES,
  getZooNetwork,
  networkLayers,
  optimizerCost,
  precisionPlan,
  predictTrainStep,
  type LayerCost,
  type MemoryBreakdown,
  type TrainStepRequest,
} from '../../../engine/models';

/** What the engine says each layer of a training step keeps (its MemoryBreakdown's tensors). */
export type StepTensors = NonNullable<MemoryBreakdown['tensors']>;
import { getGpu, type Gpu } from '../../../engine/catalog';

/** A checked training request, ready to be turned into allocation events. */
export interface StepSetup {
  gpu: Gpu;
  layers: readonly LayerCost[];
  batch: number;
  /** What the engine says each layer keeps, tensor by tensor (its stepMemory's own). */
  tensors: StepTensors;
  /** The cuBLAS workspace allocations the engine counts. */
  workspaces: readonly number[];
  /** The optimizer step's temporaries the engine counts (a foreach Adam's). */
  optimizerTemporaryBytes: number;
  /** The optimizer's fp32 buffers per parameter (SGD with momentum 1, Adam/AdamW 2). */
  optimizerBuffers: number;
  optimizerId: TrainStepRequest['optimizer'];
  precision: TrainStepRequest['precision'];
  checkpointing: boolean;
  /** The engine's peak-memory breakdown of the same step (stepMemory). */
  engineMemory: MemoryBreakdown;
  /** GPU memory in bytes, and what the CUDA context takes of it before any tensor. */
  capacityBytes: number;
  contextBytes: number;
}

/** A setup, or the engine's reason for rejecting the request. */
export type StepSetupResult = { ok: true; setup: StepSetup } | { ok: false; message: string };

/** The request's sequence length: given, or the zoo network's default (1 for a layer list). */
function seqOf(request: TrainStepRequest): number {
  if (request.seq !== undefined) return request.seq;
  return typeof request.model === 'string' ? getZooNetwork(request.model).defaultSeq : 1;
}

/** Checks `request` with the engine and gathers what the events need. */
export function resolveStepSetup(request: TrainStepRequest): StepSetupResult {
  try {
    // The engine validates everything (ids, batch, seq, precision on this GPU) and answers the
    // memory breakdown the simulator's bar shows; its errors are the message we show.
    const prediction = predictTrainStep(request);
    const gpu = getGpu(request.gpu);
    const plan = precisionPlan(gpu, request.precision);
    const optimizer = optimizerCost(request.optimizer);
    const specs = networkLayers(request.model, { seq: seqOf(request), mode: 'train' });
    const tensors = prediction.memory.tensors;
    if (!tensors) throw new Error('the engine gave no tensors for a training step');
    return {
      ok: true,
      setup: {
        gpu,
        layers: analyzeNetwork(specs).layers,
        batch: request.batch,
        tensors,
        workspaces: prediction.memory.libraryWorkspaceBytes,
        optimizerTemporaryBytes: prediction.memory.optimizerTemporaryBytes,
        optimizerBuffers: optimizer.stateBytesPerParam / 4,
        optimizerId: optimizer.id,
        precision: plan.precision,
        checkpointing: request.checkpointing ?? false,
        engineMemory: prediction.memory,
        capacityBytes: gpu.memoryBytes.value,
        contextBytes: CUDA_CONTEXT_BYTES.value,
      },
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
