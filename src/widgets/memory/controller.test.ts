import { describe, expect, it } from 'vitest';
import { getGpu } from '../../engine/catalog';
import { type MemoryBreakdown, type NetworkPrediction } from '../../engine/models';
import { checkState } from '../../state/schema';
import type { MemoryDeps } from './browser-deps';
import { MemoryController } from './controller';
import type { MemoryEngine, MemoryScenario } from './scenario';
import { memorySchema, type MemorySettings } from './settings';

const GIB = 2 ** 30;

/** A fake engine: 1 GiB of activations per sample on top of 2 GiB of weights; logs each call. */
function fakeEngine() {
  const calls: MemoryScenario[] = [];
  const memoryAt = (batch: number): MemoryBreakdown => {
    const allocated = 2 * GIB + batch * GIB;
    return {
      weightsBytes: 2 * GIB,
      gradientsBytes: 0,
      optimizerBytes: 0,
      weightCopiesBytes: 0,
      activationsBytes: batch * GIB,
      lossHeadBytes: 0,
      kvCacheBytes: 0,
      workspaceBytes: 0,
      allocatedBytes: allocated,
      reservedBytes: allocated,
      contextBytes: 0,
      totalBytes: allocated,
      modelStateBytes: 2 * GIB,
      peakLayer: 'fc1',
      largestActivations: [{ name: 'fc1', bytes: batch * GIB }],
      lossHead: null,
      libraryWorkspaceBytes: [],
      optimizerTemporaryBytes: 0,
      tensors: null,
    };
  };
  const engine: MemoryEngine = {
    predict(scenario) {
      calls.push(scenario);
      const capacity = getGpu(scenario.gpu).memoryBytes.value;
      const memory = memoryAt(scenario.batch);
      return {
        seconds: scenario.batch * 0.01,
        bytes: memory.allocatedBytes,
        fits: memory.totalBytes <= capacity,
        largestBatch: Math.max(0, Math.floor(capacity / GIB) - 2),
        memory,
        params: 1,
        step: {} as NetworkPrediction['step'],
      };
    },
    layerCosts: () => [],
    gpus: () => [getGpu('rtx-3080'), getGpu('a100-sxm-80gb')],
    precisionProblem: (gpu, precision) =>
      gpu === 'rtx-3080' && precision === 'fp32' ? 'no fp32 on this fake' : null,
  };
  return { engine, calls };
}

function settings(patch: Partial<MemorySettings> = {}): MemorySettings {
  return checkState(memorySchema, patch).state;
}

function controllerWith(patch: Partial<MemorySettings> = {}) {
  const fake = fakeEngine();
  const deps: MemoryDeps = {
    engine: fake.engine,
    printModel: {
      parse: () => Promise.reject(new Error('unused')),
      example: () => Promise.resolve(''),
    },
  };
  return { controller: new MemoryController(deps, settings(patch)), calls: fake.calls };
}

describe('MemoryController', () => {
  it('answers the first settings at once, through the injected engine', () => {
    const { controller, calls } = controllerWith({ batch: 4 });
    const state = controller.getState();
    expect(state.status).toBe('done');
    expect(state.analysis).toMatchObject({ kind: 'result', fits: true, capacityBytes: 80 * GIB });
    expect(calls[0]).toMatchObject({ model: 'resnet50', batch: 4, mode: 'train' });
  });

  it('works again only when a setting changes', () => {
    const { controller, calls } = controllerWith({ batch: 4 });
    const before = calls.length;
    controller.configure(settings({ batch: 4 }));
    expect(calls.length).toBe(before);
    controller.configure(settings({ batch: 4, gpu: 'rtx-3080', precision: 'amp-fp16' }));
    expect(calls.length).toBeGreaterThan(before);
    expect(controller.getState().settings.gpu).toBe('rtx-3080');
  });

  it('ranks fixes when the fake step does not fit', () => {
    const { controller } = controllerWith({ batch: 20, gpu: 'rtx-3080', precision: 'amp-fp16' });
    const analysis = controller.getState().analysis;
    if (analysis.kind !== 'result') throw new Error('expected a result');
    expect(analysis.fits).toBe(false);
    // 10 GiB of memory: batch 8 fits and saves 12 GiB, halving saves 10 GiB, and this fake's
    // checkpointing saves nothing; the bigger GPU comes last.
    expect(analysis.fixes.map((f) => f.id)).toEqual([
      'largest-batch',
      'halve-batch',
      'checkpointing',
      'gpu',
    ]);
    expect(analysis.fixes[0]).toMatchObject({
      change: { batch: 8 },
      savedBytes: 12 * GIB,
      fits: true,
    });
    expect(analysis.fixes[1]).toMatchObject({ change: { batch: 10 }, savedBytes: 10 * GIB });
    expect(analysis.fixes[3]).toMatchObject({ change: { gpu: 'a100-sxm-80gb' }, fits: true });
  });

  it('shows the engine’s reason for a precision the GPU lacks', () => {
    const { controller } = controllerWith({ gpu: 'rtx-3080', precision: 'fp32' });
    expect(controller.getState().analysis).toEqual({
      kind: 'problem',
      cause: 'precision',
      message: 'no fp32 on this fake',
    });
    expect(controller.getState().status).toBe('error');
  });

  it('checks the learner’s layers and hands the engine the checked list', () => {
    const { controller, calls } = controllerWith({ network: 'custom' });
    expect(calls.at(-1)?.model).toEqual([
      { type: 'linear', name: 'linear 1', inFeatures: 784, outFeatures: 512, tokens: 1 },
      { type: 'activation', name: 'activation 2', fn: 'relu', elements: 512 },
      { type: 'linear', name: 'linear 3', inFeatures: 512, outFeatures: 10, tokens: 1 },
    ]);
    controller.editLayer(1, 'inFeatures', '-3');
    let state = controller.getState();
    expect(state.builder).toMatchObject({ ok: false, row: 0 });
    expect(state.analysis).toMatchObject({ kind: 'problem', cause: 'layers' });
    expect(state.status).toBe('error');
    controller.editLayer(1, 'inFeatures', '256');
    controller.addLayer('layernorm');
    state = controller.getState();
    expect(state.status).toBe('done');
    const model = calls.at(-1)?.model as Array<{ type: string; inFeatures?: number }>;
    expect(model.map((l) => l.type)).toEqual(['linear', 'activation', 'linear', 'layernorm']);
    expect(model[0]?.inFeatures).toBe(256);
  });

  it('leaves the engine alone when layers change while a zoo network is shown', () => {
    const { controller, calls } = controllerWith();
    const before = calls.length;
    controller.addLayer('conv2d');
    controller.moveLayer(4, -1);
    expect(calls.length).toBe(before);
    expect(controller.getState().drafts.map((d) => d.kind)).toEqual([
      'linear',
      'activation',
      'conv2d',
      'linear',
    ]);
  });

  it('remembers which part’s explanation is shown', () => {
    const { controller } = controllerWith();
    controller.showPart('activations');
    expect(controller.getState().activePart).toBe('activations');
    controller.showPart(null);
    expect(controller.getState().activePart).toBeNull();
  });
});
