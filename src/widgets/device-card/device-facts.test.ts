import { describe, expect, it } from 'vitest';
import { allLimits, formatLimit, identityFacts, keyLimits } from './device-facts';

const adapter = {
  vendor: 'google',
  architecture: 'swiftshader',
  device: '',
  description: 'SwiftShader driver',
  isFallback: true,
  limits: {
    maxComputeInvocationsPerWorkgroup: 256,
    maxComputeWorkgroupStorageSize: 32_768,
    maxStorageBufferBindingSize: 2 ** 30,
    maxComputeWorkgroupSizeX: 256,
    maxBindGroups: 4,
  },
  features: ['timestamp-query'],
};

describe('device facts', () => {
  it('formats byte limits in binary units and counts with separators', () => {
    expect(formatLimit('maxStorageBufferBindingSize', 2 ** 30)).toBe('1 GiB');
    expect(formatLimit('maxComputeWorkgroupStorageSize', 32_768)).toBe('32 KiB');
    expect(formatLimit('maxBufferSize', 268_435_456)).toBe('256 MiB');
    expect(formatLimit('maxComputeWorkgroupSizeX', 256)).toBe('256');
    expect(formatLimit('maxComputeWorkgroupsPerDimension', 65_535)).toBe('65,535');
  });

  it('names the identity, says plainly when it is a fallback, and fills gaps', () => {
    const facts = identityFacts(adapter, true);
    expect(facts.find((f) => f.label === 'Software fallback')?.value).toMatch(
      /yes: runs on the CPU/,
    );
    expect(facts.find((f) => f.label === 'Device')?.value).toBe('not reported');
    expect(facts.find((f) => f.label === 'GPU timestamps')?.value).toMatch(/^yes/);
  });

  it('explains the key limits it has values for, with CUDA counterparts', () => {
    const limits = keyLimits(adapter, { maxStorageBufferBindingSize: 2 ** 27 });
    expect(limits.map((l) => l.name)).toEqual([
      'maxComputeInvocationsPerWorkgroup',
      'maxComputeWorkgroupSizeX',
      'maxComputeWorkgroupStorageSize',
      'maxStorageBufferBindingSize',
    ]);
    expect(limits[0]).toMatchObject({ value: '256', cuda: 'maxThreadsPerBlock' });
    expect(limits[2]).toMatchObject({ value: '32 KiB', cuda: 'sharedMemPerBlock' });
    expect(limits[3]).toMatchObject({ value: '1 GiB', deviceValue: '128 MiB' });
    expect(limits[0]?.deviceValue).toBe('not reported');
  });

  it('lists every limit sorted by name', () => {
    expect(allLimits(adapter).map((f) => f.label)[0]).toBe('maxBindGroups');
    expect(allLimits(adapter)).toHaveLength(5);
  });
});
