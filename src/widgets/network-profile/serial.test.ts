import { describe, expect, it } from 'vitest';
import { engineProfileModel } from './browser-deps';
import { hostSecondsPerKernel, serialReport } from './serial';
import { EAGER_HOST } from './testing/requests';

/**
 * The LSTM's training step as the engine predicts it, on a host taking `hostOpSeconds` per eager
 * op (the default: the H200 machine's).
 */
function lstm(batch: number, seq = 100, hostOpSeconds = EAGER_HOST.hostOpSeconds) {
  return engineProfileModel.profile({
    network: 'lstm-2x1024',
    gpu: 'a100-sxm-80gb',
    mode: 'train',
    batch,
    seq,
    ...EAGER_HOST,
    hostOpSeconds,
    precision: 'amp-bf16',
    optimizer: 'adamw',
  });
}

describe('serialReport', () => {
  it('splits each LSTM layer into time steps × time per step', () => {
    const { prediction, costs } = lstm(32);
    const report = serialReport(costs, prediction.step, 32);
    expect(report?.layers.map((l) => [l.name, l.steps, l.batch])).toEqual([
      ['lstm.0', 100, 32],
      ['lstm.1', 100, 32],
    ]);
    const first = report!.layers[0]!;
    expect(first.steps * first.stepSeconds).toBeCloseTo(first.forwardSeconds, 12);
    expect(first.forwardSeconds).toBe(prediction.step.layers[0]!.forward.seconds);
    expect(first.kernelsPerStep).toBeCloseTo(prediction.step.layers[0]!.forward.kernels / 100);
  });

  it('finds the arithmetic units busy only part of each small step', () => {
    const { prediction, costs } = lstm(32);
    const first = serialReport(costs, prediction.step, 32)!.layers[0]!;
    expect(first.arithmeticBusyShare).toBeGreaterThan(0);
    expect(first.arithmeticBusyShare).toBeLessThan(0.5);
    expect(first.stepComputeSeconds).toBeLessThan(first.stepSeconds);
  });

  it('reports the GPU waiting for the host when launches take longer than the GPU’s work', () => {
    // A host twice as slow per op as the H200 machine: its launches outlast the A100's work.
    const { prediction, costs } = lstm(32, 100, 20e-6);
    const step = prediction.step;
    const report = serialReport(costs, step, 32)!;
    expect(step.bound).toBe('host');
    expect(report.gpuIdleShare).toBeCloseTo((step.hostSeconds - step.gpuSeconds) / step.seconds);
    expect(report.layers[0]!.stepHostSeconds).toBeCloseTo(
      report.layers[0]!.kernelsPerStep * hostSecondsPerKernel(step),
    );
  });

  it('finds no loop in a network without one', () => {
    const { prediction, costs } = engineProfileModel.profile({
      network: 'resnet50',
      gpu: 'a100-sxm-80gb',
      mode: 'inference',
      batch: 8,
      ...EAGER_HOST,
      precision: 'amp-bf16',
      optimizer: 'sgd',
    });
    expect(serialReport(costs, prediction.step, 8)).toBeNull();
  });
});
