import { describe, it, expect } from 'vitest';
import {
  finiteResult,
  requireBoolean,
  requireFinite,
  requireNonNegative,
  requireNonNegativeInteger,
  requireOneOf,
  requirePositive,
  requirePositiveInteger,
} from './validate';

describe('validate', () => {
  it('accepts good values', () => {
    expect(() => requireFinite('x', -1.5)).not.toThrow();
    expect(() => requireNonNegative('x', 0)).not.toThrow();
    expect(() => requirePositive('x', 1e-9)).not.toThrow();
    expect(() => requireNonNegativeInteger('x', 0)).not.toThrow();
    expect(() => requirePositiveInteger('x', 2 ** 53 - 1)).not.toThrow();
    expect(() => requireOneOf('x', 'a', ['a', 'b'])).not.toThrow();
    expect(() => requireBoolean('x', false)).not.toThrow();
    expect(finiteResult('x', 3)).toBe(3);
  });

  it('names the bad value in every error', () => {
    expect(() => requireFinite('speed', NaN)).toThrow(/speed.*NaN/);
    expect(() => requireFinite('speed', Infinity)).toThrow(/speed.*Infinity/);
    expect(() => requireFinite('speed', '3' as unknown as number)).toThrow(/speed/);
    expect(() => requireNonNegative('bytes', -1)).toThrow(/bytes must be >= 0, got -1/);
    expect(() => requirePositive('rate', 0)).toThrow(/rate must be > 0, got 0/);
    expect(() => requireNonNegativeInteger('count', 1.5)).toThrow(/count.*1\.5/);
    expect(() => requireNonNegativeInteger('count', 2 ** 53)).toThrow(/count/);
    expect(() => requirePositiveInteger('m', 0)).toThrow(/m must be a whole number from 1/);
    expect(() => requireOneOf('dtype', 'int4', ['fp32', 'fp16'])).toThrow(/dtype.*"int4"/);
    expect(() => requireOneOf('dtype', 7, ['fp32'])).toThrow(/dtype.*7/);
    expect(() => requireBoolean('pinned', 'yes')).toThrow(/pinned.*yes/);
    expect(() => finiteResult('seconds', Infinity)).toThrow(/seconds came out as Infinity/);
  });
});
