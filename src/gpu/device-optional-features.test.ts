import { describe, expect, it, vi } from 'vitest';
import { acquireGpu } from './device';

/** A fake adapter offering `features`, whose requestDevice records what it was asked for. */
function adapterOffering(features: string[]) {
  const device = { lost: new Promise(() => {}) } as unknown as GPUDevice;
  const requestDevice = vi.fn(async (_descriptor?: GPUDeviceDescriptor) => device);
  const adapter = {
    info: { vendor: 'acme', architecture: 'x', device: '', description: '' },
    limits: {},
    features: new Set(features),
    requestDevice,
  } as unknown as GPUAdapter;
  const gpu = { requestAdapter: async () => adapter } as unknown as GPU;
  return { gpu, requestDevice };
}

describe('acquireGpu with optional features', () => {
  it('asks for an optional feature the adapter offers', async () => {
    const { gpu, requestDevice } = adapterOffering(['timestamp-query', 'shader-f16']);
    await acquireGpu({ gpu, optionalFeatures: ['timestamp-query'] });
    expect(requestDevice.mock.calls[0]?.[0]?.requiredFeatures).toEqual(['timestamp-query']);
  });

  it('leaves out an optional feature the adapter lacks, instead of failing', async () => {
    const { gpu, requestDevice } = adapterOffering([]);
    const result = await acquireGpu({ gpu, optionalFeatures: ['timestamp-query'] });
    expect(result.ok).toBe(true);
    expect(requestDevice.mock.calls[0]?.[0]?.requiredFeatures).toEqual([]);
  });

  it('asks for a feature once when it is both required and optional', async () => {
    const { gpu, requestDevice } = adapterOffering(['timestamp-query']);
    await acquireGpu({
      gpu,
      requiredFeatures: ['timestamp-query'],
      optionalFeatures: ['timestamp-query'],
    });
    expect(requestDevice.mock.calls[0]?.[0]?.requiredFeatures).toEqual(['timestamp-query']);
  });
});
