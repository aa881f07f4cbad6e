import { describe, expect, it } from 'vitest';
import { scoped, withErrorScopes } from './error-scopes';

/** A device stub whose popped scopes report the queued errors, innermost first. */
function fakeDevice(errors: (string | null)[] = []) {
  const stack: string[] = [];
  const device = {
    pushErrorScope: (filter: string) => stack.push(filter),
    popErrorScope: () => {
      stack.pop();
      const message = errors.shift() ?? null;
      return Promise.resolve(message === null ? null : { message });
    },
  } as unknown as GPUDevice;
  return { device, stack };
}

describe('error scopes', () => {
  it('returns the value and no error when the GPU reports none', async () => {
    const { device, stack } = fakeDevice();
    const { value, error } = scoped(device, 'do nothing', () => 7);
    expect(value).toBe(7);
    expect(stack).toEqual([]);
    await expect(error).resolves.toBeUndefined();
  });

  it('names the action in a validation error', async () => {
    const { device } = fakeDevice(['bad usage', null]);
    await expect(withErrorScopes(device, 'make a buffer', () => 1)).rejects.toThrow(
      'WebGPU rejected the attempt to make a buffer: bad usage',
    );
  });

  it('prefers the out-of-memory error, which explains more', async () => {
    const { device } = fakeDevice(['invalid buffer', 'allocation failed']);
    await expect(withErrorScopes(device, 'make a buffer', () => 1)).rejects.toThrow(
      'The GPU ran out of memory trying to make a buffer: allocation failed',
    );
  });

  it('pops both scopes and rethrows when the work throws', () => {
    const { device, stack } = fakeDevice();
    expect(() =>
      scoped(device, 'explode', () => {
        throw new TypeError('boom');
      }),
    ).toThrow('boom');
    expect(stack).toEqual([]);
  });
});
