import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { rat } from './rational';
import {
  LINK_VALUE_LIMIT,
  precisionSchema,
  sameLinkNumber,
  settingsOfTyped,
  textOfSettings,
} from './settings';
import { readTypedNumber, type TypedNumber } from './typed-number';

function typed(text: string): TypedNumber {
  const reading = readTypedNumber(text);
  if (!reading.ok) throw new Error(reading.message);
  return reading.number;
}

describe('the typed number in a link', () => {
  it('writes specials by name and finite numbers as the nearest double', () => {
    expect(settingsOfTyped(typed('0.1'))).toEqual({ value: 0.1, special: 'none' });
    expect(settingsOfTyped(typed('-inf'))).toEqual({ value: 0.1, special: '-inf' });
    expect(settingsOfTyped(typed('nan'))).toEqual({ value: 0.1, special: 'nan' });
    expect(settingsOfTyped(typed('-0'))).toEqual({ value: 0.1, special: '-0' });
    expect(settingsOfTyped(typed('0'))).toEqual({ value: 0, special: 'none' });
  });

  it('clamps far-out numbers and keeps tiny ones from becoming zero', () => {
    expect(settingsOfTyped(typed('1e300')).value).toBe(LINK_VALUE_LIMIT);
    expect(settingsOfTyped(typed('-1e300')).value).toBe(-LINK_VALUE_LIMIT);
    expect(settingsOfTyped(typed('1e-390')).value).toBe(Number.MIN_VALUE);
    expect(settingsOfTyped(typed('-1e-390')).value).toBe(-Number.MIN_VALUE);
  });

  it('reads back as the text the input box shows, which the reader takes exactly', () => {
    for (const text of ['0.1', '-3.5', '1e-8', 'inf', '-inf', 'nan', '-0', '65504']) {
      const back = textOfSettings(settingsOfTyped(typed(text)));
      expect(settingsOfTyped(typed(back))).toEqual(settingsOfTyped(typed(text)));
    }
    expect(textOfSettings({ value: 0.1, special: 'none' })).toBe('0.1');
    expect(typed(textOfSettings({ value: 0.1, special: 'none' }))).toEqual({
      kind: 'finite',
      value: rat(1n, 10n),
      negative: false,
    });
  });

  it('compares link numbers ignoring the value behind a special', () => {
    expect(sameLinkNumber({ value: 0, special: 'nan' }, { value: 5, special: 'nan' })).toBe(true);
    expect(sameLinkNumber({ value: 1, special: 'none' }, { value: 2, special: 'none' })).toBe(
      false,
    );
  });
});

describe('precisionSchema', () => {
  it('starts at 0.1 in fp16 on the formats part, with GradScaler’s defaults', () => {
    expect(precisionSchema.defaults).toMatchObject({
      value: 0.1,
      special: 'none',
      format: 'fp16',
      panel: 'formats',
      scaleLog2: 16,
      growthInterval: 2000,
      model: 'bert-base',
      gpu: 'a100-sxm-80gb',
    });
  });

  it('clamps and replaces bad input with notices', () => {
    const checked = checkState(precisionSchema, {
      value: '1e400',
      format: 'fp64',
      scaleLog2: 99,
      gpu: 'gtx-1650',
    });
    expect(checked.state.value).toBe(LINK_VALUE_LIMIT);
    expect(checked.state.format).toBe('fp16');
    expect(checked.state.scaleLog2).toBe(24);
    expect(checked.notices.join(' ')).toMatch(/Format: "fp64" is not one of the choices/);
  });
});
