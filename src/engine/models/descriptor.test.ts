import { describe, it, expect } from 'vitest';
import {
  arithmeticIntensity,
  bytesPerElement,
  copyDescriptor,
  elementwiseDescriptor,
  matmulDescriptor,
  reductionDescriptor,
  validateDescriptor,
  type KernelDescriptor,
} from './descriptor';

describe('kernel descriptors', () => {
  it('counts matmul FLOPs as 2mnk and its compulsory bytes', () => {
    const d = matmulDescriptor(256, 512, 1024, 'fp16');
    expect(d.flops).toBe(2 * 256 * 512 * 1024);
    expect(d.bytesRead).toBe((256 * 1024 + 1024 * 512) * 2);
    expect(d.bytesWritten).toBe(256 * 512 * 2);
    expect(d.kind).toBe('matmul');
    expect(d.blocks).toBe(2 * 4);
    expect(d.blocksPerSm).toBe(1);
    expect(matmulDescriptor(8, 8, 8, 'fp8').bytesWritten).toBe(64 * 2);
    expect(matmulDescriptor(8, 8, 8, 'tf32').bytesRead).toBe(128 * 4);
  });

  it('counts a copy as reading and writing every byte', () => {
    const d = copyDescriptor(1000);
    expect(d).toMatchObject({ bytesRead: 1000, bytesWritten: 1000, flops: 0, kind: 'copy' });
    expect(d.footprintBytes).toBe(2000);
  });

  it('describes elementwise and reduction work', () => {
    const relu = elementwiseDescriptor(1e6, 'bf16', 1);
    expect(relu).toMatchObject({
      bytesRead: 2e6,
      bytesWritten: 2e6,
      flops: 1e6,
      precision: 'bf16',
    });
    const sum = reductionDescriptor(1000, 'fp32');
    expect(sum).toMatchObject({ bytesRead: 4000, bytesWritten: 4, flops: 1000 });
    expect(bytesPerElement('fp8')).toBe(1);
  });

  it('reports arithmetic intensity, null when nothing moves', () => {
    expect(arithmeticIntensity(elementwiseDescriptor(100, 'fp32', 8))).toBe(1);
    expect(arithmeticIntensity(copyDescriptor(0))).toBeNull();
  });

  it('rejects impossible sizes and unknown precisions by name', () => {
    expect(() => matmulDescriptor(0, 4, 4, 'fp32')).toThrow(/^m must/);
    expect(() => matmulDescriptor(4, -1, 4, 'fp32')).toThrow(/^n must/);
    expect(() => matmulDescriptor(4, 4, 2.5, 'fp32')).toThrow(/^k must.*2\.5/);
    expect(() => matmulDescriptor(4, 4, 4, 'int8' as 'fp32')).toThrow(/precision.*"int8"/);
    expect(() => copyDescriptor(-5)).toThrow(/bytes.*-5/);
    expect(() => copyDescriptor(NaN)).toThrow(/bytes.*NaN/);
    expect(() => elementwiseDescriptor(10, 'fp32', -1)).toThrow(/flopsPerElement/);
    expect(() => elementwiseDescriptor(10, 'fp32', 1e308 * 10)).toThrow(/flopsPerElement/);
    expect(() => elementwiseDescriptor(2 ** 52, 'fp32', 1e300)).toThrow(/elementwise FLOPs/);
  });

  it('validates hand-written descriptors field by field', () => {
    const good: KernelDescriptor = {
      name: 'k',
      kind: 'other',
      precision: 'fp32',
      bytesRead: 1,
      bytesWritten: 1,
      flops: 1,
    };
    expect(() => validateDescriptor(good)).not.toThrow();
    expect(() => validateDescriptor({ ...good, bytesRead: -1 })).toThrow(/descriptor.bytesRead/);
    expect(() => validateDescriptor({ ...good, flops: Infinity })).toThrow(/descriptor.flops/);
    expect(() => validateDescriptor({ ...good, kind: 'conv' as 'other' })).toThrow(
      /descriptor.kind/,
    );
    expect(() => validateDescriptor({ ...good, blocks: 0 })).toThrow(/descriptor.blocks/);
    expect(() => validateDescriptor({ ...good, threadsPerBlock: 1.5 })).toThrow(/threadsPerBlock/);
    expect(() => validateDescriptor({ ...good, name: 3 as unknown as string })).toThrow(/name/);
    expect(() => validateDescriptor(null as unknown as KernelDescriptor)).toThrow(/descriptor/);
  });
});
