import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GpuContext } from './device';

const device = vi.hoisted(() => ({ shareGpu: vi.fn() }));
vi.mock('./device', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./device')>()),
  shareGpu: device.shareGpu,
}));

const { LOST_GPU_MESSAGE, withSharedGpu } = await import('./shared-gpu');

/** A device context whose loss the test sets. */
function fakeContext() {
  let lost = false;
  const gpu = { isLost: () => lost } as unknown as GpuContext;
  return { gpu, lose: () => (lost = true) };
}

beforeEach(() => vi.clearAllMocks());

describe('withSharedGpu', () => {
  it('says why there is no device, without calling the builder', async () => {
    device.shareGpu.mockResolvedValue({ ok: false, reason: 'no-webgpu', message: 'No WebGPU.' });
    const build = vi.fn();
    await expect(withSharedGpu({}, build)).resolves.toEqual({ ok: false, message: 'No WebGPU.' });
    expect(build).not.toHaveBeenCalled();
  });

  it('asks with the options given and lends the device to the builder', async () => {
    const { gpu } = fakeContext();
    device.shareGpu.mockResolvedValue({ ok: true, gpu });
    const built = await withSharedGpu({ optionalFeatures: ['timestamp-query'] }, (shared) => ({
      ok: true as const,
      same: shared.gpu === gpu,
    }));
    expect(built).toEqual({ ok: true, same: true });
    expect(device.shareGpu).toHaveBeenCalledWith({ optionalFeatures: ['timestamp-query'] });
  });

  it('runs work while the device lives, and refuses once it is lost', async () => {
    const { gpu, lose } = fakeContext();
    device.shareGpu.mockResolvedValue({ ok: true, gpu });
    const built = await withSharedGpu({}, (shared) => ({ ok: true as const, shared }));
    if (!built.ok) throw new Error('expected a device');
    const work = vi.fn(async (g: GpuContext) => (g === gpu ? 'ran' : 'wrong device'));
    await expect(built.shared.run(work)).resolves.toBe('ran');
    lose();
    await expect(built.shared.run(work)).rejects.toThrow(LOST_GPU_MESSAGE);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
