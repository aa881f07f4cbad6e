import { describe, expect, it } from 'vitest';
import { flightOf } from './flights';
import { animationMs, createLine, MAX_ANIMATION_MS, MIN_ANIMATION_MS, moveLines } from './moves';

const tensor = { name: 'batch', kind: 'tensor' as const, pinned: false };

describe('move lines', () => {
  it('uploads with .to("cuda"), pinning first when the switch says so', () => {
    expect(moveLines(tensor, 'cuda', { pinned: false, nonBlocking: false })).toEqual([
      'batch = batch.to("cuda")',
    ]);
    expect(moveLines(tensor, 'cuda', { pinned: true, nonBlocking: true })).toEqual([
      'batch = batch.pin_memory()',
      'batch = batch.to("cuda", non_blocking=True)',
    ]);
    expect(
      moveLines({ ...tensor, pinned: true }, 'cuda', { pinned: false, nonBlocking: false }),
    ).toEqual(['batch = batch.clone()', 'batch = batch.to("cuda")']);
    expect(
      moveLines({ ...tensor, pinned: true }, 'cuda', { pinned: true, nonBlocking: false }),
    ).toEqual(['batch = batch.to("cuda")']);
    expect(
      moveLines({ name: 'model', kind: 'module', pinned: false }, 'cuda', {
        pinned: true,
        nonBlocking: false,
      }),
    ).toEqual(['model = model.to("cuda")']);
  });

  it('downloads with .to("cpu")', () => {
    expect(moveLines(tensor, 'cpu', { pinned: true, nonBlocking: true })).toEqual([
      'batch = batch.to("cpu", non_blocking=True)',
    ]);
  });
});

describe('animation pace', () => {
  it('is 1,000 times the modeled time, within bounds, and nothing under reduced motion', () => {
    expect(animationMs(0.00078, false)).toEqual({ ms: 780, capped: false });
    expect(animationMs(15e-6, false)).toEqual({ ms: MIN_ANIMATION_MS, capped: false });
    expect(animationMs(1, false)).toEqual({ ms: MAX_ANIMATION_MS, capped: true });
    expect(animationMs(0.001, true)).toEqual({ ms: 0, capped: false });
  });
});

describe('create lines', () => {
  it('writes randn for floats and zeros for integers, on the chosen side', () => {
    expect(createLine({ name: 'x', shape: '64, 128', dtype: 'float16', place: 'cpu' })).toEqual({
      line: 'x = torch.randn(64, 128, dtype=torch.float16)',
    });
    expect(createLine({ name: 'ids', shape: '32', dtype: 'int64', place: 'cuda' })).toEqual({
      line: 'ids = torch.zeros(32, dtype=torch.int64, device="cuda")',
    });
    expect(createLine({ name: 'x', shape: '3 x 4', dtype: 'float32', place: 'cpu' })).toEqual({
      line: 'x = torch.randn(3, 4, dtype=torch.float32)',
    });
  });

  it('explains what is wrong with a bad name or shape', () => {
    for (const bad of [
      { name: '1x', shape: '2' },
      { name: 'torch', shape: '2' },
      { name: 'x', shape: '' },
      { name: 'x', shape: '2.5' },
      { name: 'x', shape: '-2' },
      { name: 'x', shape: '1,2,3,4,5,6,7' },
      { name: 'x', shape: '1234567890' },
    ]) {
      expect(createLine({ ...bad, dtype: 'float32', place: 'cpu' })).toHaveProperty('problem');
    }
  });
});

describe('flights', () => {
  const record = (label: string, bytes: number, seconds: number) => ({
    id: 1,
    label,
    bytes,
    direction: 'h2d' as const,
    pinned: true,
    nonBlocking: true,
    asynchronous: true,
    link: 'pcie4' as const,
    seconds,
  });

  it('flies one line’s copies together, a module under its own name', () => {
    expect(
      flightOf(7, [record('model.weight', 1000, 0.0004), record('model.bias', 10, 0.0001)], false),
    ).toEqual({
      id: 7,
      name: 'model',
      direction: 'h2d',
      bytes: 1010,
      seconds: 0.0005,
      ms: 500,
      capped: false,
      asynchronous: true,
    });
    expect(flightOf(8, [], false)).toBeNull();
    expect(flightOf(9, [record('x', 4, 1e-5)], true)).toBeNull();
  });
});
