/**
 * Everything the profile shows for one setting, worked out from the engine's answer: the rows
 * (every layer and the optimizer), the step's summary, its host and GPU lanes, what running it
 * compiled, as CUDA graphs or with a fused optimizer would buy, the recurrent loops when the
 * network has them, the attention sweep when it has attention, and whether the step would fit in memory.
 * Input the engine refuses (a precision the GPU lacks, a sequence too long) becomes a message
 * with the engine's reason, never an exception. Pure.
 */
import { getZooNetwork } from '../../engine/models';
import { hasAttention, PRINT_NETWORK, stepShapeOf, zooNetworkOf } from '../../network-step';
import { changeRows, type ChangeRow } from './changes';
import type { PrintedNetwork, ProfileEngine, ProfileRequest } from './engine-port';
import { stepLanes, type StepLanes } from './lanes';
import {
  optimizerRow,
  profileRows,
  stepSummary,
  type ProfileRow,
  type StepSummary,
} from './profile';
import { serialReport, type SerialReport } from './serial';
import type { NetworkProfileSettings } from './settings';
import { seqSweep, type SeqSweep } from './sweep';

/** What the optimizer's row is called, as PyTorch's profiler names the step. */
export const OPTIMIZER_ROW_NAMES = {
  sgd: 'Optimizer.step#SGD.step',
  adam: 'Optimizer.step#Adam.step',
  adamw: 'Optimizer.step#AdamW.step',
} as const;

/** A step the engine answered. */
export interface ProfileResult {
  kind: 'result';
  request: ProfileRequest;
  networkName: string;
  gpuName: string;
  /** Every layer's row and the optimizer's, unsorted. */
  rows: ProfileRow[];
  summary: StepSummary;
  /** The host's and the GPU's time on one axis. */
  lanes: StepLanes;
  /** The step under every execution mode and optimizer form, against this one. */
  changes: ChangeRow[];
  /** The recurrent loops, or null for a network without one. */
  serial: SerialReport | null;
  /** Attention against the linear layers over sequence lengths, or null without attention. */
  sweep: SeqSweep | null;
  /** Whether the step fits the GPU's memory (its time is modeled either way). */
  fits: boolean;
}

/** Why there is no answer: the engine's own words. */
export interface ProfileProblem {
  kind: 'problem';
  /** 'awaiting' when nothing has been pasted yet: not an error, a prompt. */
  cause: 'precision' | 'input' | 'awaiting';
  message: string;
}

/** What the profile shows. */
export type ProfileAnalysis = ProfileResult | ProfileProblem;

/** The request a setting describes (`printed`: the pasted model, used when the setting says so). */
export function requestOf(
  settings: NetworkProfileSettings,
  printed: PrintedNetwork | null = null,
): ProfileRequest {
  return {
    ...stepShapeOf(settings),
    network: settings.network,
    ...(settings.network === PRINT_NETWORK && printed ? { printed } : {}),
    execution: settings.execution,
    fusedOptimizer: settings.mode !== 'inference' && settings.fused,
    hostOpSeconds: settings.hostOpMicroseconds * 1e-6,
  };
}

/** The message of anything thrown. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The attention sweep for a request, each point a step at another sequence length. */
function sweepOf(request: ProfileRequest, engine: ProfileEngine): SeqSweep | null {
  const network = zooNetworkOf(request.network);
  if (!network || !hasAttention(network) || request.seq === undefined) return null;
  const maxSeq = network.maxSeq ?? request.seq;
  return seqSweep(maxSeq, request.seq, (seq) => {
    try {
      const step = engine.profile({ ...request, seq }).prediction.step;
      return profileRows(step, null);
    } catch {
      return null;
    }
  });
}

/** Works out everything shown about `request`. */
export function analyzeProfile(request: ProfileRequest, engine: ProfileEngine): ProfileAnalysis {
  const precisionProblem = engine.precisionProblem(request.gpu, request.precision);
  if (precisionProblem !== null) {
    return { kind: 'problem', cause: 'precision', message: precisionProblem };
  }
  if (request.network === PRINT_NETWORK && !request.printed) {
    return { kind: 'problem', cause: 'awaiting', message: 'paste a print(model), or the example.' };
  }
  try {
    const { prediction, costs, optimizer } = engine.profile(request);
    const step = prediction.step;
    const optimizerLabel = OPTIMIZER_ROW_NAMES[request.optimizer];
    return {
      kind: 'result',
      request,
      networkName: request.printed?.name ?? getZooNetwork(request.network).name,
      gpuName: engine.gpuName(request.gpu),
      rows: profileRows(
        step,
        optimizer ? optimizerRow(optimizer, optimizerLabel, step.seconds) : null,
      ),
      summary: stepSummary(step),
      lanes: stepLanes(step),
      changes: changeRows(request, step, (r) => engine.step(r)),
      serial: serialReport(costs, step, request.batch),
      sweep: sweepOf(request, engine),
      fits: prediction.fits,
    };
  } catch (error) {
    return { kind: 'problem', cause: 'input', message: messageOf(error) };
  }
}
