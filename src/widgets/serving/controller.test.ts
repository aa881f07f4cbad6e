import { describe, expect, it } from 'vitest';
import { ServingController } from './controller';
import { VLLM_OUTPUT } from './testing/bench-texts';
import { servingSchema, type ServingSettings } from './settings';
import { countingEngine, fakeDeps } from './testing/deps';

const settings = (patch: Partial<ServingSettings> = {}): ServingSettings => ({
  ...servingSchema.defaults,
  ...patch,
});

describe('ServingController', () => {
  it('asks the engine again when a setting it reads changes, not when the scrubber moves', () => {
    const engine = countingEngine();
    const c = new ServingController(fakeDeps({ engine }), settings());
    expect(c.getState().status).toBe('done');
    const first = c.getState().analysis;
    const asked = engine.calls.predict;
    c.configure(settings({ step: 12 }));
    expect(c.getState().settings.step).toBe(12);
    expect(c.getState().analysis).toBe(first);
    expect(engine.calls.predict).toBe(asked);
    c.configure(settings({ step: 12, weights: 'fp8' }));
    expect(c.getState().analysis).not.toBe(first);
    expect(engine.calls.predict).toBeGreaterThan(asked);
  });

  it('reads a pasted print(model), with the head size the settings give', () => {
    const c = new ServingController(fakeDeps(), settings({ model: 'print' }));
    expect(c.getState().status).toBe('idle');
    expect(c.getState().analysis).toMatchObject({ kind: 'problem', cause: 'awaiting' });
    c.loadPrintExample();
    expect(c.getState().printed.result?.spec.heads).toBe(32);
    expect(c.getState().analysis.kind).toBe('result');
    c.configure(settings({ model: 'print', headDim: 64 }));
    expect(c.getState().printed.result?.spec.heads).toBe(64);
    c.setPrintText('Sequential(\n  (0): Linear(in_features=4, out_features=2, bias=True)\n)');
    expect(c.getState().printed.message).toMatch(/Sequential is not a decoder/);
    expect(c.getState().analysis).toMatchObject({ kind: 'problem', cause: 'model' });
    expect(c.getState().status).toBe('error');
  });

  it('sets pasted benchmark output beside the prediction for the run’s own workload', () => {
    const c = new ServingController(fakeDeps(), settings());
    expect(c.getState().bench.comparison).toBeNull();
    c.setBenchText(VLLM_OUTPUT);
    const { comparison } = c.getState().bench;
    expect(comparison?.workload).toEqual({ inputTokens: 1024, outputTokens: 512, concurrency: 64 });
    expect(comparison?.figures.map((f) => f.id)).toEqual(['throughput', 'ttft', 'tpot']);
    expect(comparison?.figures[0]?.measured).toBe(3999.51);
    expect(comparison?.figures[0]?.modeled).toBeGreaterThan(0);
    c.setBenchText('Mean TTFT (ms): 12');
    expect(c.getState().bench.comparison).toBeNull();
    expect(c.getState().bench.parse.ok).toBe(false);
  });

  it('keeps the measured run when the model does not fit, with no prediction to set beside it', () => {
    const c = new ServingController(fakeDeps(), settings({ model: 'llama3.1-405b' }));
    c.setBenchText(VLLM_OUTPUT);
    expect(c.getState().bench.parse.ok).toBe(true);
    expect(c.getState().bench.comparison).toBeNull();
    expect(c.getState().analysis).toMatchObject({ kind: 'problem', cause: 'fit' });
  });
});
