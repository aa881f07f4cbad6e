import { describe, expect, it } from 'vitest';
import { achievableMemoryBytesPerSecond, chooseUnit, linkBytesPerSecond } from '../engine/models';
import { getCpu, getGpu, getLink, PAGEABLE_STAGING_BYTES_PER_SECOND } from '../engine/catalog';
import { CatalogValueError, lookupCatalogFigure, resolveCatalogValue } from './catalog-value';
import { formatCatalogNumber, NBSP } from './catalog-value-units';

const text = (of: string, figure: string, extra: object = {}) =>
  resolveCatalogValue({ of, figure, ...extra }).text.replaceAll(NBSP, ' ');

describe('lookupCatalogFigure', () => {
  it('walks a dotted path to the very Figure the catalog holds', () => {
    const a100 = getGpu('a100-sxm-80gb');
    expect(lookupCatalogFigure('a100-sxm-80gb', 'memoryBytesPerSecond')).toBe(
      a100.memoryBytesPerSecond,
    );
    expect(lookupCatalogFigure('a100-sxm-80gb', 'peakFlopsPerSecond.tensor-core.bf16')).toBe(
      a100.peakFlopsPerSecond['tensor-core'].bf16,
    );
    expect(lookupCatalogFigure('i9-14900k', 'fp32FlopsPerSecond')).toBe(
      getCpu('i9-14900k').fp32FlopsPerSecond,
    );
    expect(lookupCatalogFigure('pcie4', 'latencySeconds')).toBe(getLink('pcie4').latencySeconds);
  });

  it('derives values with the engine’s own functions, and marks how far to trust them', () => {
    const a100 = getGpu('a100-sxm-80gb');
    const memory = lookupCatalogFigure('a100-sxm-80gb', 'achievableMemoryBytesPerSecond');
    expect(memory.value).toBe(achievableMemoryBytesPerSecond(a100));
    expect(memory.kind).toBe('measured');
    const choice = chooseUnit(a100, 'matmul', 'bf16');
    expect(lookupCatalogFigure('a100-sxm-80gb', 'achievableFlopsPerSecond.matmul.bf16').value).toBe(
      choice.peakFlopsPerSecond.value * choice.achievableFraction.value,
    );
    const pinned = lookupCatalogFigure('pcie4', 'achievableBytesPerSecond.h2d');
    expect(pinned.value).toBe(linkBytesPerSecond(getLink('pcie4'), 'h2d', true));
    const pageable = lookupCatalogFigure('pcie4', 'pageableBytesPerSecond.h2d');
    expect(pageable.value).toBe(linkBytesPerSecond(getLink('pcie4'), 'h2d', false));
    expect(pageable.kind).toBe('estimate');
    expect(lookupCatalogFigure('pcie3', 'pageableStagingBytesPerSecond')).toBe(
      PAGEABLE_STAGING_BYTES_PER_SECOND,
    );
    expect(lookupCatalogFigure('a100-sxm-80gb', 'perSm.fp32Cores').value).toBe(64);
    expect(lookupCatalogFigure('i9-14900k', 'totalCores').value).toBe(24);
  });

  it('finds pcie ids among host links and interconnects alike', () => {
    expect(lookupCatalogFigure('pcie4', 'bytesPerSecond').unit).toBe('B/s');
    expect(lookupCatalogFigure('pcie4', 'allReduceBusFraction').unit).toBe('fraction');
  });

  it.each([
    ['a100', 'memoryBytes', /unknown catalog id "a100".*a100-sxm-80gb/],
    ['a100-sxm-80gb', 'memoryBandwidth', /has no figure "memoryBandwidth".*memoryBytesPerSecond/],
    ['a100-sxm-80gb', 'peakFlopsPerSecond.tensor-core.fp8', /has no figure/],
    ['a100-sxm-80gb', 'sms.value', /has no figure "sms.value"/],
    ['apple-m2', 'l2Bytes', /has no figure "l2Bytes"/],
    ['a100-sxm-80gb', 'achievableFlopsPerSecond.matmul', /precision must be one of/],
    ['gtx-1650', 'achievableFlopsPerSecond.matmul.fp8', /no fp8 tensor cores/],
    ['pcie4', 'achievableBytesPerSecond.up', /direction must be one of h2d, d2h/],
  ])('rejects %s %s with a message that says what exists', (of, figure, message) => {
    expect(() => lookupCatalogFigure(of, figure)).toThrow(CatalogValueError);
    expect(() => lookupCatalogFigure(of, figure)).toThrow(message);
  });
});

describe('resolveCatalogValue', () => {
  it('writes each quantity in a sensible default unit', () => {
    expect(text('a100-sxm-80gb', 'memoryBytesPerSecond')).toBe('2,039 GB/s');
    expect(text('a100-sxm-80gb', 'peakFlopsPerSecond.cuda-core.fp32')).toBe('19.5 TFLOP/s');
    expect(text('a100-sxm-80gb', 'memoryBytes')).toBe('80 GiB');
    expect(text('a100-sxm-80gb', 'l2Bytes')).toBe('40 MiB');
    expect(text('a100-sxm-80gb', 'boostClockHz')).toBe('1.41 GHz');
    expect(text('a100-sxm-80gb', 'fp32Cores')).toBe('6,912');
    expect(text('pcie4', 'latencySeconds')).toBe('15 µs');
    expect(text('pcie4', 'achievableBytesPerSecond.h2d')).toBe('25.2 GB/s');
  });

  it('takes a unit, fixed decimals and a bare number when the lesson asks', () => {
    expect(text('h200-sxm', 'memoryBytesPerSecond', { unit: 'TB/s' })).toBe('4.8 TB/s');
    expect(text('pcie3', 'bytesPerSecond', { digits: 2 })).toBe('15.75 GB/s');
    expect(text('i9-14900k', 'singleCoreBoostClockHz', { digits: 1 })).toBe('6.0 GHz');
    expect(text('a100-sxm-80gb', 'achievableMemoryBytesPerSecond', { digits: 0, bare: true })).toBe(
      '1,536',
    );
    expect(text('pcie4', 'latencySeconds', { unit: 'us' })).toBe('15 µs');
  });

  it('keeps number and unit together and carries kind and source for the tooltip', () => {
    const r = resolveCatalogValue({ of: 'i9-14900k', figure: 'fp32FlopsPerSecond' });
    expect(r.text).toBe(`2.56${NBSP}TFLOP/s`);
    expect(r.kind).toBe('estimate');
    expect(r.description).toMatch(/^Estimate\. Source: Intel ARK.*Note: P: 8 x 32/);
  });

  it('rejects a unit of the wrong quantity, a unit on a count, and bad digits', () => {
    expect(() =>
      resolveCatalogValue({ of: 'a100-sxm-80gb', figure: 'memoryBytes', unit: 'GB/s' }),
    ).toThrow(/unit="GB\/s" does not fit a figure in B; use one of B, KB/);
    expect(() => resolveCatalogValue({ of: 'a100-sxm-80gb', figure: 'sms', unit: 'SMs' })).toThrow(
      /counts SMs; it takes no unit=/,
    );
    expect(() => resolveCatalogValue({ of: 'a100-sxm-80gb', figure: 'sms', digits: 7 })).toThrow(
      /digits must be a whole number from 0 to 3/,
    );
  });
});

describe('formatCatalogNumber', () => {
  it('moves to the next unit when rounding reaches it', () => {
    expect(formatCatalogNumber(999.9e-6, 's', {})).toBe(`1${NBSP}ms`);
    expect(formatCatalogNumber(1536, 'B', {})).toBe(`1.5${NBSP}KiB`);
    expect(formatCatalogNumber(0.753, 'fraction', {})).toBe(`75.3${NBSP}%`);
  });
});
