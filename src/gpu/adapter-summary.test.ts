import { describe, expect, it } from 'vitest';
import {
  copySubgroupMatrixConfigs,
  adapterLabel,
  copyLimits,
  detectFallback,
  KNOWN_LIMIT_NAMES,
  summarizeAdapter,
} from './adapter-summary';

const identity = (vendor: string, architecture: string, description = '', device = '') => ({
  vendor,
  architecture,
  description,
  device,
});

describe('detectFallback', () => {
  it('believes either flag', () => {
    expect(detectFallback(identity('nvidia', 'ampere'), { infoFlag: true })).toBe(true);
    expect(detectFallback(identity('nvidia', 'ampere'), { adapterFlag: true })).toBe(true);
  });

  it('spots SwiftShader when no flag is set (Dawn in Node)', () => {
    expect(detectFallback(identity('google', 'swiftshader'))).toBe(true);
    expect(detectFallback(identity('Google', 'SwiftShader'), { infoFlag: false })).toBe(true);
    expect(detectFallback(identity('google', '', 'SwiftShader driver 5.0.0'))).toBe(true);
  });

  it('spots other software renderers by name', () => {
    expect(detectFallback(identity('mesa', '', 'llvmpipe (LLVM 15.0.6, 256 bits)'))).toBe(true);
    expect(detectFallback(identity('microsoft', '', 'Microsoft Basic Render Driver'))).toBe(true);
  });

  it('leaves real GPUs alone', () => {
    expect(detectFallback(identity('nvidia', 'ampere', 'NVIDIA GeForce RTX 3080'))).toBe(false);
    expect(detectFallback(identity('google', '', 'ANGLE (Intel)'))).toBe(false);
    expect(detectFallback(identity('', ''), { infoFlag: false, adapterFlag: false })).toBe(false);
  });
});

describe('copyLimits', () => {
  it('copies enumerable numeric fields and drops the rest', () => {
    const limits = { maxBufferSize: 268_435_456, maxBindGroups: 4, label: 'x', weird: NaN };
    expect(copyLimits(limits)).toEqual({ maxBufferSize: 268_435_456, maxBindGroups: 4 });
  });

  it('reads prototype getters by their known names', () => {
    class Limits {
      get maxStorageBufferBindingSize(): number {
        return 1 << 30;
      }
      get maxComputeWorkgroupsPerDimension(): number {
        return 65_535;
      }
    }
    expect(copyLimits(new Limits())).toEqual({
      maxStorageBufferBindingSize: 1 << 30,
      maxComputeWorkgroupsPerDimension: 65_535,
    });
    expect(KNOWN_LIMIT_NAMES).toContain('maxStorageBufferBindingSize');
  });

  it('survives getters that throw and a missing object', () => {
    const limits = Object.defineProperty({ maxBindGroups: 8 }, 'maxBufferSize', {
      enumerable: true,
      get() {
        throw new Error('nope');
      },
    });
    expect(copyLimits(limits)).toEqual({ maxBindGroups: 8 });
    expect(copyLimits(undefined)).toEqual({});
  });
});

describe('summarizeAdapter', () => {
  it('summarises a SwiftShader adapter as Dawn in Node reports it', () => {
    const summary = summarizeAdapter({
      info: {
        vendor: 'google',
        architecture: 'swiftshader',
        device: 'swiftshader-device-subzero-',
        description: 'SwiftShader driver 5.0.0',
      },
      limits: { maxComputeInvocationsPerWorkgroup: 256 },
      features: new Set(['timestamp-query', 'subgroups']),
    });
    expect(summary).toEqual({
      vendor: 'google',
      architecture: 'swiftshader',
      device: 'swiftshader-device-subzero-',
      description: 'SwiftShader driver 5.0.0',
      isFallback: true,
      limits: { maxComputeInvocationsPerWorkgroup: 256 },
      features: ['subgroups', 'timestamp-query'],
    });
  });

  it('fills gaps when an old browser has no info', () => {
    expect(summarizeAdapter({ isFallbackAdapter: true })).toEqual({
      vendor: '',
      architecture: '',
      device: '',
      description: '',
      isFallback: true,
      limits: {},
      features: [],
    });
  });
});

describe('adapterLabel', () => {
  it('joins what the adapter reports and names a blank adapter', () => {
    expect(
      adapterLabel({
        vendor: 'google',
        architecture: 'swiftshader',
        device: '',
        description: 'SwiftShader',
      }),
    ).toBe('google · swiftshader · SwiftShader');
    expect(adapterLabel({ vendor: '', architecture: '', device: '', description: '' })).toBe(
      'unknown adapter',
    );
  });
});

describe('subgroup-matrix configurations in the summary', () => {
  it('copies well-formed configurations and the subgroup size, and leaves out the rest', () => {
    const config = { componentType: 'f16', resultComponentType: 'f32', M: 16, N: 16, K: 16 };
    const summary = summarizeAdapter({
      info: {
        vendor: 'nvidia',
        subgroupMaxSize: 32,
        subgroupMatrixConfigs: [config, { componentType: 'f16' }, null],
      },
    });
    expect(summary.subgroupMaxSize).toBe(32);
    expect(summary.subgroupMatrixConfigs).toEqual([config]);
    expect(copySubgroupMatrixConfigs(42)).toEqual([]);
    expect(summarizeAdapter({ info: { vendor: 'x' } })).not.toHaveProperty('subgroupMatrixConfigs');
  });
});
