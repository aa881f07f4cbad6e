import { afterEach, describe, expect, it, vi } from 'vitest';
import { acquireGpu, forgetSharedGpu, shareGpu, unmetLimits } from './device';

/** A fake device whose loss the test triggers. */
function fakeDevice() {
  let lose: (info: { reason: string; message: string }) => void = () => {};
  const lost = new Promise<{ reason: string; message: string }>((resolve) => (lose = resolve));
  const device = { lost, label: 'fake' } as unknown as GPUDevice;
  return { device, lose };
}

interface FakeAdapterOptions {
  info?: Record<string, unknown>;
  limits?: Record<string, number>;
  requestDevice?: (descriptor?: GPUDeviceDescriptor) => Promise<GPUDevice>;
}

function fakeAdapter(options: FakeAdapterOptions = {}) {
  const { device, lose } = fakeDevice();
  const requestDevice = vi.fn(options.requestDevice ?? (async () => device));
  const adapter = {
    info: options.info ?? { vendor: 'acme', architecture: 'rdna', device: '', description: 'X' },
    limits: options.limits ?? { maxStorageBufferBindingSize: 134_217_728, maxBindGroups: 4 },
    features: new Set(['timestamp-query']),
    requestDevice,
  } as unknown as GPUAdapter;
  return { adapter, device, lose, requestDevice };
}

function fakeGpu(requestAdapter: () => Promise<GPUAdapter | null>) {
  const spy = vi.fn(requestAdapter);
  return { gpu: { requestAdapter: spy } as unknown as GPU, requestAdapter: spy };
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetSharedGpu();
});

describe('acquireGpu', () => {
  it('reports no-webgpu when navigator.gpu is missing', async () => {
    vi.stubGlobal('navigator', {});
    const result = await acquireGpu();
    expect(result).toMatchObject({ ok: false, reason: 'no-webgpu' });
    expect(!result.ok && result.message).toMatch(/navigator\.gpu is missing/);
  });

  it('reports no-webgpu when there is no navigator at all, or gpu is passed as undefined', async () => {
    vi.stubGlobal('navigator', undefined);
    await expect(acquireGpu()).resolves.toMatchObject({ ok: false, reason: 'no-webgpu' });
    vi.stubGlobal('navigator', { gpu: fakeGpu(async () => null).gpu });
    await expect(acquireGpu({ gpu: undefined })).resolves.toMatchObject({ reason: 'no-webgpu' });
  });

  it('uses navigator.gpu by default', async () => {
    const { adapter } = fakeAdapter();
    const { gpu, requestAdapter } = fakeGpu(async () => adapter);
    vi.stubGlobal('navigator', { gpu });
    await expect(acquireGpu({ powerPreference: 'high-performance' })).resolves.toMatchObject({
      ok: true,
    });
    expect(requestAdapter).toHaveBeenCalledWith({ powerPreference: 'high-performance' });
  });

  it('reports no-adapter when requestAdapter gives null', async () => {
    const result = await acquireGpu({ gpu: fakeGpu(async () => null).gpu });
    expect(result).toMatchObject({ ok: false, reason: 'no-adapter' });
    expect(!result.ok && result.message).toMatch(/no GPU adapter/);
  });

  it('reports request-failed when requestAdapter throws or rejects', async () => {
    const throwing = {
      requestAdapter: () => {
        throw new TypeError('sync boom');
      },
    } as unknown as GPU;
    const rejecting = fakeGpu(() => Promise.reject(new Error('async boom'))).gpu;
    const first = await acquireGpu({ gpu: throwing });
    const second = await acquireGpu({ gpu: rejecting });
    expect(first).toMatchObject({ ok: false, reason: 'request-failed' });
    expect(!first.ok && first.message).toMatch(/sync boom/);
    expect(!second.ok && second.message).toMatch(/async boom/);
  });

  it('reports request-failed when requestDevice rejects', async () => {
    const { adapter } = fakeAdapter({
      requestDevice: () => Promise.reject(new Error('OperationError: limits')),
    });
    const result = await acquireGpu({ gpu: fakeGpu(async () => adapter).gpu });
    expect(result).toMatchObject({ ok: false, reason: 'request-failed' });
    expect(!result.ok && result.message).toMatch(/refused to create a device: .*limits/);
  });

  it('refuses limits the adapter cannot meet before asking for a device', async () => {
    const { adapter, requestDevice } = fakeAdapter();
    const result = await acquireGpu({
      gpu: fakeGpu(async () => adapter).gpu,
      requiredLimits: { maxStorageBufferBindingSize: 1 << 30 },
    });
    expect(result).toMatchObject({ ok: false, reason: 'request-failed' });
    expect(!result.ok && result.message).toMatch(/maxStorageBufferBindingSize 1073741824/);
    expect(requestDevice).not.toHaveBeenCalled();
  });

  it('passes limits and features it can meet to requestDevice and summarises the adapter', async () => {
    const { adapter, device, requestDevice } = fakeAdapter();
    const result = await acquireGpu({
      gpu: fakeGpu(async () => adapter).gpu,
      requiredLimits: { maxStorageBufferBindingSize: 1 << 20 },
      requiredFeatures: ['timestamp-query'],
    });
    expect(requestDevice).toHaveBeenCalledWith({
      requiredLimits: { maxStorageBufferBindingSize: 1 << 20 },
      requiredFeatures: ['timestamp-query'],
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.gpu.device).toBe(device);
    expect(result.gpu.adapter).toMatchObject({
      vendor: 'acme',
      isFallback: false,
      limits: { maxStorageBufferBindingSize: 134_217_728, maxBindGroups: 4 },
      features: ['timestamp-query'],
    });
  });

  it('marks a SwiftShader adapter as a fallback even without the flag', async () => {
    const { adapter } = fakeAdapter({
      info: { vendor: 'google', architecture: 'swiftshader', description: 'SwiftShader driver' },
    });
    const result = await acquireGpu({ gpu: fakeGpu(async () => adapter).gpu });
    expect(result.ok && result.gpu.adapter.isFallback).toBe(true);
  });

  it('resolves lost and flips isLost when the device is lost', async () => {
    const { adapter, lose } = fakeAdapter();
    const result = await acquireGpu({ gpu: fakeGpu(async () => adapter).gpu });
    if (!result.ok) throw new Error(result.message);
    expect(result.gpu.isLost()).toBe(false);
    lose({ reason: 'unknown', message: 'driver reset' });
    await expect(result.gpu.lost).resolves.toEqual({ reason: 'unknown', message: 'driver reset' });
    expect(result.gpu.isLost()).toBe(true);
  });
});

describe('unmetLimits', () => {
  it('checks maxima from above and alignments from below', () => {
    const offered = { maxBufferSize: 100, minStorageBufferOffsetAlignment: 256 };
    expect(
      unmetLimits({ maxBufferSize: 100, minStorageBufferOffsetAlignment: 256 }, offered),
    ).toEqual([]);
    expect(
      unmetLimits({ maxBufferSize: 101, minStorageBufferOffsetAlignment: 64 }, offered),
    ).toEqual([
      'maxBufferSize 101 (the adapter offers 100)',
      'minStorageBufferOffsetAlignment 64 (the adapter offers 256)',
    ]);
    expect(unmetLimits({ maxMadeUp: 1 }, offered)).toEqual([
      'maxMadeUp (the adapter does not report it)',
    ]);
  });
});

describe('shareGpu', () => {
  it('acquires once for concurrent and later callers', async () => {
    const { adapter } = fakeAdapter();
    const { gpu, requestAdapter } = fakeGpu(async () => adapter);
    const [a, b] = await Promise.all([shareGpu({ gpu }), shareGpu({ gpu })]);
    const c = await shareGpu({ gpu });
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(requestAdapter).toHaveBeenCalledTimes(1);
  });

  it('acquires a fresh device after the shared one is lost', async () => {
    const first = fakeAdapter();
    const second = fakeAdapter();
    const adapters = [first.adapter, second.adapter];
    const { gpu, requestAdapter } = fakeGpu(async () => adapters.shift() ?? null);
    const before = await shareGpu({ gpu });
    first.lose({ reason: 'unknown', message: 'reset' });
    if (!before.ok) throw new Error(before.message);
    await before.gpu.lost;
    const after = await shareGpu({ gpu });
    expect(requestAdapter).toHaveBeenCalledTimes(2);
    expect(after.ok && after.gpu.device).toBe(second.device);
  });

  it("asks for timestamp queries on every widget's behalf when the adapter has them", async () => {
    const { adapter, requestDevice } = fakeAdapter();
    const { gpu } = fakeGpu(async () => adapter);
    await shareGpu({ gpu });
    expect(requestDevice.mock.calls[0]?.[0]?.requiredFeatures).toContain('timestamp-query');
  });

  it('remembers a failure until told to forget it', async () => {
    const { gpu, requestAdapter } = fakeGpu(async () => null);
    await expect(shareGpu({ gpu })).resolves.toMatchObject({ reason: 'no-adapter' });
    await shareGpu({ gpu });
    expect(requestAdapter).toHaveBeenCalledTimes(1);
    forgetSharedGpu();
    await shareGpu({ gpu });
    expect(requestAdapter).toHaveBeenCalledTimes(2);
  });
});
