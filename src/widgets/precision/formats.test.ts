import { describe, expect, it } from 'vitest';
import { exactDecimal } from './exact-decimal';
import { FORMATS, formatOf, limitsOf, totalBits, type FormatId } from './formats';
import { toNumber } from './rational';

/** The limits as exact decimals: largest normal, smallest normal, smallest subnormal, eps. */
function limits(id: FormatId): string[] {
  const l = limitsOf(formatOf(id));
  return [l.largestNormal, l.smallestNormal, l.smallestSubnormal, l.epsilon].map(exactDecimal);
}

describe('format limits', () => {
  it('match torch.finfo for fp16, bf16 and both float8 formats', () => {
    expect(limits('fp16')).toEqual([
      '65504',
      '0.00006103515625',
      '5.9604644775390625e-8',
      '0.0009765625',
    ]);
    expect(limits('e4m3')).toEqual(['448', '0.015625', '0.001953125', '0.125']);
    expect(limits('e5m2')).toEqual(['57344', '0.00006103515625', '0.0000152587890625', '0.25']);
    const bf16 = limits('bf16');
    expect(bf16[0]).toBe('3.3895313892515354759047080037148786688e+38');
    expect(bf16[1]).toBe(
      '1.1754943508222875079687365372222456778186655567720875215087517062784172594547271728515625e-38',
    );
    expect(bf16[3]).toBe('0.0078125');
  });

  it('agree with what JavaScript knows of fp32', () => {
    const l = limitsOf(formatOf('fp32'));
    expect(toNumber(l.largestNormal)).toBe(3.4028234663852886e38);
    expect(toNumber(l.smallestNormal)).toBe(2 ** -126);
    expect(toNumber(l.smallestSubnormal)).toBe(2 ** -149);
    expect(toNumber(l.epsilon)).toBe(2 ** -23);
    expect(exactDecimal(l.largestNormal)).toBe('3.4028234663852885981170418348451692544e+38');
  });

  it('give tf32 the range of fp32 and the steps of fp16', () => {
    const tf32 = limitsOf(formatOf('tf32'));
    const fp32 = limitsOf(formatOf('fp32'));
    const fp16 = limitsOf(formatOf('fp16'));
    expect(tf32.smallestNormal).toEqual(fp32.smallestNormal);
    expect(tf32.epsilon).toEqual(fp16.epsilon);
    expect(toNumber(tf32.largestNormal)).toBe((2 - 2 ** -10) * 2 ** 127);
    expect(toNumber(tf32.smallestSubnormal)).toBe(2 ** -136);
  });

  it('lay out 32, 19, 16, 16, 8 and 8 bits', () => {
    expect(FORMATS.map(totalBits)).toEqual([32, 19, 16, 16, 8, 8]);
  });
});
