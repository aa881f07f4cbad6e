import { describe, expect, it } from 'vitest';
import { lazyPrintModelPort } from '../../ui/print-model/lazy-port';
import { checkState } from '../../state/schema';
import { engineProfileModel } from './browser-deps';
import { NetworkProfileController, sameRequest } from './controller';
import type { ProfileEngine } from './engine-port';
import { networkProfileSchema, type NetworkProfileSettings } from './settings';
import { EAGER_HOST } from './testing/requests';

/** Settings from a patch, checked as a link's would be. */
const settings = (patch: object): NetworkProfileSettings =>
  checkState(networkProfileSchema, patch).state;

/** The real engine, counting the steps it is asked to profile. */
function countingEngine(): ProfileEngine & { calls: number } {
  const engine = {
    ...engineProfileModel,
    calls: 0,
    profile(request: Parameters<ProfileEngine['profile']>[0]) {
      engine.calls += 1;
      return engineProfileModel.profile(request);
    },
  };
  return engine;
}

describe('NetworkProfileController', () => {
  it('answers the first settings at once', () => {
    const controller = new NetworkProfileController(
      { engine: countingEngine(), printModel: lazyPrintModelPort },
      settings({}),
    );
    expect(controller.getState().status).toBe('done');
    expect(controller.getState().analysis.kind).toBe('result');
  });

  it('keeps the analysis when only the table view changes', () => {
    const engine = countingEngine();
    const controller = new NetworkProfileController(
      { engine, printModel: lazyPrintModelPort },
      settings({}),
    );
    const before = controller.getState().analysis;
    const calls = engine.calls;
    controller.configure(settings({ grouped: false, rows: 'all' }));
    expect(engine.calls).toBe(calls);
    expect(controller.getState().analysis).toBe(before);
    expect(controller.getState().settings.grouped).toBe(false);
  });

  it('redoes it for a new step, and reports an error for one the engine refuses', () => {
    const engine = countingEngine();
    const controller = new NetworkProfileController(
      { engine, printModel: lazyPrintModelPort },
      settings({}),
    );
    controller.configure(settings({ network: 'lstm-2x1024' }));
    const analysis = controller.getState().analysis;
    expect(analysis.kind === 'result' && analysis.serial !== null).toBe(true);
    controller.configure(settings({ gpu: 't4', precision: 'amp-bf16' }));
    expect(controller.getState()).toMatchObject({
      status: 'error',
      analysis: { kind: 'problem', cause: 'precision' },
    });
  });

  it('compares requests field by field, a missing sequence included', () => {
    const base = { network: 'resnet50', gpu: 'a100-sxm-80gb', mode: 'train', batch: 1 } as const;
    const full = { ...base, precision: 'fp32', optimizer: 'sgd', ...EAGER_HOST } as const;
    expect(sameRequest(full, { ...full })).toBe(true);
    expect(sameRequest(full, { ...full, seq: 128 })).toBe(false);
  });
});
