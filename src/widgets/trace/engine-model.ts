/**
 * The cost engine behind the trace reader's port (loaded lazily by browser-deps.ts): eager
 * PyTorch with AdamW in its default foreach form, as the example trace was recorded.
 */
import { listGpus } from '../../engine/catalog';
import {
  getZooNetwork,
  listZooNetworks,
  predictInference,
  predictTrainStep,
} from '../../engine/models';
import type { PredictRequest, TraceEngine } from './engine-port';

function stepOf(request: PredictRequest) {
  const common = {
    model: request.network,
    gpu: request.gpu,
    batch: request.batch,
    // Networks without a sequence (CNNs, MLPs) take none.
    ...(getZooNetwork(request.network).maxSeq === null ? {} : { seq: request.seq }),
    precision: request.precision,
    execution: 'eager' as const,
  };
  return request.mode === 'train'
    ? predictTrainStep({ ...common, optimizer: 'adamw', fusedOptimizer: false }).step
    : predictInference({ ...common, phase: 'forward' }).step;
}

/** The real engine. */
export const engineTraceModel: TraceEngine = {
  networks: listZooNetworks().map((n) => ({ id: n.id, name: n.name })),
  get gpus() {
    // read each time: the learner's own machine can join the catalog while the page is open
    return listGpus().map((g) => ({ id: g.id, name: g.name }));
  },
  predict(request) {
    try {
      const step = stepOf(request);
      return {
        ok: true,
        step: {
          kernels: step.kernels,
          seconds: step.seconds,
          hostSeconds: step.hostSeconds,
          gpuSeconds: step.gpuSeconds,
          gpuIdleShare: step.gpuIdleShare,
        },
      };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  },
};
