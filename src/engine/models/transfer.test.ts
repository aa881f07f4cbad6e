import { describe, it, expect } from 'vitest';
import { getLink } from '../catalog/hardware';
import { linkBytesPerSecond, predictTransfer, resolveLink } from './transfer';

const MIB = 2 ** 20;

describe('predictTransfer', () => {
  it('is latency plus bytes over achievable link bandwidth', () => {
    const p = predictTransfer({ link: 'pcie4', bytes: 256 * MIB, direction: 'h2d', pinned: true });
    const link = getLink('pcie4');
    const rate = link.bytesPerSecond.value * link.achievable.h2d.value;
    expect(p.streamingBytesPerSecond).toBeCloseTo(rate, 3);
    expect(p.seconds).toBeCloseTo(link.latencySeconds.value + (256 * MIB) / rate, 12);
    expect(p.bytesPerSecond).toBeCloseTo((256 * MIB) / p.seconds, 3);
    expect(p).toMatchObject({ link: 'pcie4', direction: 'h2d', pinned: true, canOverlap: true });
  });

  it('makes pageable copies slower and never overlapping', () => {
    const pinned = predictTransfer({
      link: 'pcie3',
      bytes: 256 * MIB,
      direction: 'h2d',
      pinned: true,
    });
    const pageable = predictTransfer({
      link: 'pcie3',
      bytes: 256 * MIB,
      direction: 'h2d',
      pinned: false,
    });
    expect(pageable.seconds).toBeGreaterThan(2 * pinned.seconds * 0.9);
    expect(pageable.canOverlap).toBe(false);
  });

  it('tells directions and link generations apart', () => {
    const at = (link: string, direction: 'h2d' | 'd2h') =>
      predictTransfer({ link, bytes: 256 * MIB, direction, pinned: true }).bytesPerSecond;
    expect(at('pcie3', 'd2h')).toBeGreaterThan(at('pcie3', 'h2d'));
    expect(at('pcie4', 'h2d')).toBeGreaterThan(1.9 * at('pcie3', 'h2d'));
    expect(at('pcie5', 'h2d')).toBeGreaterThan(1.9 * at('pcie4', 'h2d'));
  });

  it("uses a GPU's host link", () => {
    expect(
      predictTransfer({ gpu: 'h100-sxm', bytes: 1, direction: 'd2h', pinned: true }).link,
    ).toBe('pcie5');
    expect(
      predictTransfer({ gpu: 'gtx-1650', bytes: 1, direction: 'd2h', pinned: true }).link,
    ).toBe('pcie3');
    expect(resolveLink('rtx-4090', 'pcie4').id).toBe('pcie4');
  });

  it('has no staging penalty on unified memory', () => {
    const link = getLink('unified');
    expect(linkBytesPerSecond(link, 'h2d', false)).toBe(linkBytesPerSecond(link, 'h2d', true));
  });

  it('is dominated by latency for tiny copies (tens of microseconds)', () => {
    const p = predictTransfer({ link: 'pcie4', bytes: 4, direction: 'h2d', pinned: true });
    expect(p.seconds).toBeGreaterThan(10e-6);
    expect(p.seconds).toBeLessThan(100e-6);
    expect(
      predictTransfer({ link: 'pcie4', bytes: 0, direction: 'h2d', pinned: true }).bytesPerSecond,
    ).toBe(0);
  });

  it('rejects impossible input by name', () => {
    expect(() =>
      predictTransfer({ link: 'pcie4', bytes: -1, direction: 'h2d', pinned: true }),
    ).toThrow(/bytes.*-1/);
    expect(() =>
      predictTransfer({ link: 'pcie4', bytes: 1.5, direction: 'h2d', pinned: true }),
    ).toThrow(/bytes/);
    expect(() =>
      predictTransfer({ link: 'pcie4', bytes: NaN, direction: 'h2d', pinned: true }),
    ).toThrow(/bytes.*NaN/);
    expect(() =>
      predictTransfer({ link: 'pcie6', bytes: 1, direction: 'h2d', pinned: true }),
    ).toThrow(/"pcie6"/);
    expect(() =>
      predictTransfer({ gpu: 'v100', bytes: 1, direction: 'h2d', pinned: true }),
    ).toThrow(/"v100"/);
    expect(() => predictTransfer({ bytes: 1, direction: 'h2d', pinned: true })).toThrow(
      /gpu or a link/,
    );
    expect(() =>
      predictTransfer({ gpu: 'h100-sxm', link: 'pcie3', bytes: 1, direction: 'h2d', pinned: true }),
    ).toThrow(/"pcie3" does not match gpu "h100-sxm"/);
    expect(() =>
      predictTransfer({ link: 'pcie4', bytes: 1, direction: 'up' as 'h2d', pinned: true }),
    ).toThrow(/direction.*"up"/);
    expect(() =>
      predictTransfer({
        link: 'pcie4',
        bytes: 1,
        direction: 'h2d',
        pinned: 'yes' as unknown as boolean,
      }),
    ).toThrow(/pinned/);
    expect(() =>
      predictTransfer({ gpu: 'gtx-1650', bytes: 8 * 2 ** 30, direction: 'h2d', pinned: true }),
    ).toThrow(/gtx-1650/);
  });
});
