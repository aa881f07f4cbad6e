import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { parallelPlannerSchema, typedSpec } from './settings';

describe('the planner’s settings', () => {
  it('default to Llama 3.1 70B on 64 H100s in nodes of 8, FSDP with full checkpointing', () => {
    const d = parallelPlannerSchema.defaults;
    expect(d).toMatchObject({
      model: 'llama3.1-70b',
      gpu: 'h100-sxm',
      gpus: 64,
      gpusPerNode: 8,
      link: 'nvlink4',
      nodeLink: 'ib-ndr',
      seq: 8192,
      globalBatch: 256,
      sharding: 'zero3',
      tensorParallel: 1,
      contextParallel: 1,
      pipelineParallel: 1,
      microBatch: 1,
      checkpointing: 'full',
    });
    expect(checkState(parallelPlannerSchema, {}).notices).toEqual([]);
  });

  it('keeps degrees that do not divide as given (the widget explains them), but clamps to the limits', () => {
    const { state, notices } = checkState(parallelPlannerSchema, {
      tensorParallel: 3,
      pipelineParallel: 500,
      gpus: 12,
    });
    expect(state.tensorParallel).toBe(3);
    expect(state.gpus).toBe(12);
    expect(state.pipelineParallel).toBe(128);
    expect(notices.join(' ')).toMatch(/Pipeline-parallel degree can be at most 128/);
  });

  it('moves a link or a precision the GPU cannot use to one it can, saying so', () => {
    const { state, notices } = checkState(parallelPlannerSchema, {
      gpu: 'a100-sxm-80gb',
      link: 'nvlink4',
      precision: 'fp8',
    });
    expect(state.link).toBe('nvlink3');
    expect(state.precision).toBe('bf16');
    expect(notices).toEqual([
      expect.stringMatching(/cannot use NVLink 4.*; using NVLink 3/),
      expect.stringMatching(/has no fp8 tensor cores; using bf16/),
    ]);
    const pcie = checkState(parallelPlannerSchema, { gpu: 't4', link: 'nvlink3' }).state;
    expect(pcie.link).toBe('pcie3');
  });

  it('keeps a spec that does not hold together as typed', () => {
    const { state } = checkState(parallelPlannerSchema, { model: 'custom', heads: 33 });
    expect(typedSpec(state)).toMatchObject({ heads: 33, hidden: 4096 });
  });
});
