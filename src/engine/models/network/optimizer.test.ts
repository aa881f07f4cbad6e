import { describe, expect, it } from 'vitest';
import { optimizerCost, WEIGHT_AND_GRADIENT_BYTES_PER_PARAM } from './optimizer';

describe('optimizer costs', () => {
  it('keeps one fp32 buffer for SGD with momentum and two for Adam', () => {
    expect(optimizerCost('sgd').stateBytesPerParam).toBe(4);
    expect(optimizerCost('adam').stateBytesPerParam).toBe(8);
    expect(optimizerCost('adamw').stateBytesPerParam).toBe(8);
  });

  it('holds 16 bytes per parameter of model state under mixed-precision Adam, as ZeRO counts', () => {
    // ZeRO: 2 (fp16 weights) + 2 (fp16 grads) + 12 (fp32 master, momentum, variance) = 16.
    // PyTorch's native AMP keeps fp32 weights (4) and grads (4) and Adam's two moments (8).
    expect(WEIGHT_AND_GRADIENT_BYTES_PER_PARAM + optimizerCost('adam').stateBytesPerParam).toBe(16);
  });

  it('moves every buffer in and out once per update', () => {
    // SGD: read w, g, buf (12) + write w, buf (8) = 20; Adam: read w, g, m, v (16) + write 12.
    expect(optimizerCost('sgd').updateBytesPerParam).toBe(20);
    expect(optimizerCost('adam').updateBytesPerParam).toBe(28);
    expect(() => optimizerCost('lion')).toThrow(/optimizer must be one of sgd, adam, adamw/);
  });
});
