/**
 * What the machine widget shows about an entered machine: the figures its catalog entry holds,
 * each marked measured (from the report) or estimated (borrowed, or inferred from a measured
 * rate), and one prediction made with them. Pure.
 */
import { MY_MACHINE_ID, type Figure, type MyMachineEntry } from '../../engine/catalog';
import { predictTrainStep } from '../../engine/models';
import {
  formatBytesBinary,
  formatGigabytesPerSecond,
  formatSeconds,
  formatTeraflopsPerSecond,
} from '../../format/units';

/** One row of the entry's table. */
export interface FigureRow {
  label: string;
  value: string;
  kind: 'measured' | 'estimate';
  /** Where the figure comes from, in words. */
  note: string;
}

function row(label: string, figure: Figure, value: string): FigureRow {
  return {
    label,
    value,
    kind: figure.kind === 'measured' ? 'measured' : 'estimate',
    note: figure.note ?? figure.source,
  };
}

/** The figures of an entered machine that the engine's predictions use, in reading order. */
export function figureRows(entry: MyMachineEntry): FigureRow[] {
  const { gpu, link } = entry;
  const tensor = gpu.peakFlopsPerSecond['tensor-core'];
  const rows: FigureRow[] = [
    row('SMs', gpu.sms, String(gpu.sms.value)),
    row('Memory', gpu.memoryBytes, formatBytesBinary(gpu.memoryBytes.value)),
    row(
      'Memory bandwidth (peak)',
      gpu.memoryBytesPerSecond,
      formatGigabytesPerSecond(gpu.memoryBytesPerSecond.value),
    ),
    row(
      'FP32 peak (CUDA cores)',
      gpu.peakFlopsPerSecond['cuda-core'].fp32,
      formatTeraflopsPerSecond(gpu.peakFlopsPerSecond['cuda-core'].fp32.value),
    ),
  ];
  if (tensor.bf16) {
    rows.push(
      row('bf16 tensor-core peak', tensor.bf16, formatTeraflopsPerSecond(tensor.bf16.value)),
    );
  }
  rows.push(
    row(
      'Pinned host-to-device copy',
      link.bytesPerSecond,
      formatGigabytesPerSecond(link.bytesPerSecond.value * link.achievable.h2d.value),
    ),
  );
  if (link.pageableStagingBytesPerSecond) {
    rows.push(
      row(
        'Pageable staging copy',
        link.pageableStagingBytesPerSecond,
        formatGigabytesPerSecond(link.pageableStagingBytesPerSecond.value),
      ),
    );
  }
  if (gpu.hostOpSeconds) {
    rows.push(
      row('Host time per eager op', gpu.hostOpSeconds, formatSeconds(gpu.hostOpSeconds.value)),
    );
  }
  return rows;
}

/** A prediction made with the entry: one BERT-base training step, as lesson 8 profiles it. */
export interface SamplePrediction {
  stepSeconds: number;
  hostSeconds: number;
  gpuSeconds: number;
  bound: 'host' | 'gpu';
}

/**
 * BERT-base (batch 32, sequence 128, bf16 autocast, AdamW) in eager PyTorch on the entered
 * machine, or null when the machine cannot run it (no bf16 tensor cores, too little memory).
 */
export function samplePrediction(): SamplePrediction | null {
  try {
    const { step } = predictTrainStep({
      model: 'bert-base',
      gpu: MY_MACHINE_ID,
      batch: 32,
      seq: 128,
      precision: 'amp-bf16',
      optimizer: 'adamw',
      execution: 'eager',
    });
    return {
      stepSeconds: step.seconds,
      hostSeconds: step.hostSeconds,
      gpuSeconds: step.gpuSeconds,
      bound: step.bound === 'host' ? 'host' : 'gpu',
    };
  } catch {
    return null;
  }
}
