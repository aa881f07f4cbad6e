import { describe, expect, it } from 'vitest';
import { ModuleArgs } from './args';
import { LineProblem } from './types';

describe('ModuleArgs', () => {
  it('reads positional and keyword values of every printed kind', () => {
    const args = new ModuleArgs(
      "3, 64, kernel_size=(7, 7), bias=False, eps=1e-05, shape=(768,), p=None, mode='same', pad=same",
    );
    expect(args.positional).toEqual([3, 64]);
    expect(Object.fromEntries(args.keyword)).toEqual({
      kernel_size: [7, 7],
      bias: false,
      eps: 1e-5,
      shape: [768],
      p: null,
      mode: 'same',
      pad: 'same',
    });
    expect(args.int('in_channels', 0, 'dimension')).toBe(3);
    expect(args.pair('kernel_size', 2, 'window')).toEqual([7, 7]);
    expect(args.pair('stride', 3, 'window', 1)).toEqual([1, 1]);
    expect(args.pair('shape', undefined, 'dimension')).toEqual([768, 768]);
    expect(args.shapeProduct('shape', 9)).toBe(768);
    expect(args.flag('bias', true)).toBe(false);
    expect(args.flag('affine', true)).toBe(true);
    expect(args.number('eps', undefined, 0)).toBe(1e-5);
  });

  it('names the argument and the range in each problem', () => {
    const args = new ModuleArgs('in_features=1e12, out_features=2.5, bias=1, k=(1, 2, 3)');
    expect(() => args.int('in_features', 0, 'dimension')).toThrow(
      'in_features is 1000000000000: it must be a whole number from 1 to 16777216',
    );
    expect(() => args.int('out_features', 1, 'dimension')).toThrow(/out_features is 2.5/);
    expect(() => args.int('missing', 7, 'dimension')).toThrow(/missing is missing/);
    expect(() => args.flag('bias', true)).toThrow(/bias must be True or False/);
    expect(() => args.pair('k', 0, 'window')).toThrow(/one or two whole numbers/);
    expect(() => args.int('in_features', 0, 'dimension')).toThrow(LineProblem);
  });

  it('bounds the arguments and their nesting', () => {
    expect(() => new ModuleArgs(Array.from({ length: 65 }, () => '1').join(','))).toThrow(
      /more than 64 arguments/,
    );
    expect(() => new ModuleArgs('a=(((((1)))))')).toThrow(/nested too deeply/);
    expect(() => new ModuleArgs('a=1,,b=2')).toThrow(/empty argument/);
  });
});
