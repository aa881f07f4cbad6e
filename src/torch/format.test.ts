import { describe, expect, it } from 'vitest';
import { pyFloatRepr } from './format-number';
import { floatFormatter } from './format-tensor';
import { outputOf, sessionWithTorch } from './testing/run-lines';

describe('number formatting', () => {
  it('writes floats as Python repr does', () => {
    expect(pyFloatRepr(1)).toBe('1.0');
    expect(pyFloatRepr(0.1)).toBe('0.1');
    expect(pyFloatRepr(1e-5)).toBe('1e-05');
    expect(pyFloatRepr(1.5e16)).toBe('1.5e+16');
    expect(pyFloatRepr(Math.fround(0.1))).toBe('0.10000000149011612');
    expect(pyFloatRepr(Number.NaN)).toBe('nan');
  });

  it('chooses PyTorch element formats: whole numbers, four decimals, or scientific', () => {
    expect(floatFormatter([1, 2, 30])(2)).toBe(' 2.');
    expect(floatFormatter([0.5, -1.25])(0.5)).toBe(' 0.5000');
    expect(floatFormatter([1e-5, 1])(1e-5)).toBe('1.0000e-05');
  });
});

describe('tensor printing', () => {
  it('wraps long rows at 80 columns and summarises above 1,000 elements', async () => {
    const s = await sessionWithTorch();
    expect(await outputOf(s, 'torch.arange(12) * 0.5')).toBe(
      'tensor([0.0000, 0.5000, 1.0000, 1.5000, 2.0000, 2.5000, 3.0000, 3.5000, 4.0000,\n        4.5000, 5.0000, 5.5000])',
    );
    expect(await outputOf(s, 'torch.zeros(2000)')).toBe('tensor([0., 0., 0.,  ..., 0., 0., 0.])');
    expect(await outputOf(s, 'torch.ones(0, 3)')).toBe('tensor([], size=(0, 3))');
  });

  it('adds device, dtype and autograd suffixes, and prints parameters and modules', async () => {
    const s = await sessionWithTorch();
    expect(await outputOf(s, 'torch.tensor([1, 2], dtype=torch.int32, device="cuda")')).toBe(
      "tensor([1, 2], device='cuda:0', dtype=torch.int32)",
    );
    expect(await outputOf(s, 'torch.ones(2, requires_grad=True)')).toBe(
      'tensor([1., 1.], requires_grad=True)',
    );
    expect(await outputOf(s, 'torch.ones(2, requires_grad=True) * 2')).toBe(
      'tensor([2., 2.], grad_fn=<MulBackward0>)',
    );
    expect(await outputOf(s, 'torch.tensor([True, False])')).toBe('tensor([ True, False])');
    await outputOf(s, 'm = nn.Linear(3, 2)');
    expect(await outputOf(s, 'm')).toBe('Linear(in_features=3, out_features=2, bias=True)');
    expect(await outputOf(s, 'm.bias')).toMatch(
      /^Parameter containing:\ntensor\(\[.*\], requires_grad=True\)$/,
    );
  });

  it('prints shapes, dtypes, sizes and Python values', async () => {
    const s = await sessionWithTorch();
    expect(await outputOf(s, 'torch.ones(2, 3).shape')).toBe('torch.Size([2, 3])');
    expect(await outputOf(s, 'torch.ones(2, 3).dtype')).toBe('torch.float32');
    expect(await outputOf(s, 'torch.ones(2, 3).size(-1)')).toBe('3');
    expect(await outputOf(s, 'torch.tensor([1.5]).item()')).toBe('1.5');
    expect(await outputOf(s, 'torch.tensor([[1, 2]]).tolist()')).toBe('[[1, 2]]');
    expect(await outputOf(s, 'print("shape:", torch.ones(2).shape, None, 3.0)')).toBe(
      'shape: torch.Size([2]) None 3.0',
    );
  });
});
