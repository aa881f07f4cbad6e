import { describe, expect, it } from 'vitest';
import {
  AUTOCAST_FLOAT32,
  AUTOCAST_LOWER_PRECISION,
  AUTOCAST_PROMOTE,
  autocastListOf,
  COMMON_OPS,
  runsIn,
} from './autocast';

describe('the autocast op lists', () => {
  it('hold the reference’s CUDA lists, with no op on two lists', () => {
    expect(AUTOCAST_LOWER_PRECISION).toHaveLength(23);
    expect(AUTOCAST_FLOAT32).toHaveLength(51);
    expect(AUTOCAST_PROMOTE).toHaveLength(10);
    const all = [...AUTOCAST_LOWER_PRECISION, ...AUTOCAST_FLOAT32, ...AUTOCAST_PROMOTE];
    expect(new Set(all).size).toBe(all.length);
    for (const op of ['matmul', 'linear', 'conv2d', 'bmm', 'addmm', 'baddbmm']) {
      expect(autocastListOf(op)).toBe('lower');
    }
    for (const op of [
      'softmax',
      'log_softmax',
      'layer_norm',
      'sum',
      'exp',
      'log',
      'pow',
      'mse_loss',
    ]) {
      expect(autocastListOf(op)).toBe('float32');
    }
    expect(autocastListOf('addcmul')).toBe('promote');
    expect(autocastListOf('binary_cross_entropy')).toBe('error');
    expect(autocastListOf('relu')).toBe('unlisted');
  });

  it('sends each common call where its list says, for float16 and bfloat16', () => {
    const table = (dtype: 'float16' | 'bfloat16') =>
      Object.fromEntries(COMMON_OPS.map((o) => [o.call, runsIn(autocastListOf(o.op), dtype)]));
    const half = table('float16');
    expect(half['nn.Linear / F.linear']).toBe('float16');
    expect(half['F.softmax']).toBe('float32');
    expect(half['nn.BCELoss']).toBe('error');
    expect(half['x + y / torch.add']).toBe('input dtype');
    expect(table('bfloat16')['nn.Conv2d']).toBe('bfloat16');
  });
});
