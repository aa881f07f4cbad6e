import { describe, expect, it } from 'vitest';
import { KernelController } from './kernel-controller';
import { fakeKernelDeps } from './test-deps';

describe('KernelController', () => {
  it('measures the f32 twin and then f16 where the device has it', async () => {
    const { deps, measured } = fakeKernelDeps({ f16: true });
    const controller = new KernelController(deps);
    await controller.run(128);
    expect(measured).toEqual([
      { variant: 'f32', n: 128 },
      { variant: 'f16', n: 128 },
    ]);
    const state = controller.getState();
    expect(state.status).toBe('done');
    expect(state.results.map((r) => r.variant)).toEqual(['f32', 'f16']);
    expect(state.f16).toEqual({ available: true });
  });

  it('runs the f32 twin alone, keeping the reason, where there is no shader-f16', async () => {
    const { deps, measured } = fakeKernelDeps({ f16: false });
    const controller = new KernelController(deps);
    await controller.run(64);
    expect(measured).toEqual([{ variant: 'f32', n: 64 }]);
    const { f16, status } = controller.getState();
    expect(status).toBe('done');
    expect(f16?.available).toBe(false);
    if (f16 && !f16.available) expect(f16.reason).toMatch(/shader-f16/);
  });

  it('says why it failed, drops the device, and asks again on the next run', async () => {
    const { deps, released } = fakeKernelDeps({ f16: true, fail: 'The GPU was lost.' });
    let acquisitions = 0;
    const counting = { acquire: () => (acquisitions++, deps.acquire()) };
    const controller = new KernelController(counting);
    await controller.run(64);
    expect(controller.getState()).toMatchObject({
      status: 'error',
      message: 'The measurement failed: The GPU was lost.',
    });
    expect(released()).toBe(1);
    await controller.run(64);
    expect(acquisitions).toBe(2);
  });

  it('reports a missing WebGPU as the acquisition says', async () => {
    const controller = new KernelController({
      acquire: async () => ({ ok: false, message: 'This browser has no WebGPU.' }),
    });
    await controller.run(64);
    expect(controller.getState()).toMatchObject({
      status: 'error',
      message: 'This browser has no WebGPU.',
    });
  });

  it('frees its own device when disposed', async () => {
    const { deps, released } = fakeKernelDeps({ f16: true });
    const controller = new KernelController(deps);
    await controller.run(64);
    controller.dispose();
    expect(released()).toBe(1);
  });
});
