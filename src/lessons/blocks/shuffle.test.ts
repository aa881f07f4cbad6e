import { describe, expect, it } from 'vitest';
import { newLearnerSeed, SEED_PATTERN } from '../../store/progress-seed';
import { hashString, learnerOrder, seededOrder } from './shuffle';

describe('seededOrder', () => {
  it('is a permutation of the authored indices', () => {
    for (const n of [0, 1, 2, 4, 7]) {
      expect([...seededOrder(n, 'seed', 'q')].sort((a, b) => a - b)).toEqual(
        Array.from({ length: n }, (_, i) => i),
      );
    }
  });

  it('gives one learner the same order every time, and changes with the seed and the id', () => {
    expect(seededOrder(4, 'abc', 'why-gpus-amdahl')).toEqual(
      seededOrder(4, 'abc', 'why-gpus-amdahl'),
    );
    const bySeed = new Set(
      Array.from({ length: 30 }, (_, i) => seededOrder(4, `s${i}`, 'q').join('')),
    );
    expect(bySeed.size).toBeGreaterThan(10);
    const byId = new Set(
      Array.from({ length: 30 }, (_, i) => seededOrder(4, 's', `q${i}`).join('')),
    );
    expect(byId.size).toBeGreaterThan(10);
  });

  it('puts a given choice in each position about equally often across learners', () => {
    const positions = [0, 0, 0, 0];
    const learners = 8000;
    for (let i = 0; i < learners; i++) {
      const order = seededOrder(4, `learner-${i}`, 'inside-gpu-divergence');
      positions[order.indexOf(1)]! += 1; // where the authored second choice lands
    }
    for (const count of positions) {
      expect(Math.abs(count - learners / 4)).toBeLessThan(learners * 0.03);
    }
  });
});

describe('learner seeds', () => {
  it('are short base-36 strings that differ between learners', () => {
    const seeds = new Set(Array.from({ length: 200 }, newLearnerSeed));
    expect(seeds.size).toBe(200);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-z]{12}$/);
    for (const s of seeds) expect(s).toMatch(SEED_PATTERN);
  });

  it('hash strings with FNV-1a', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
  });
});

describe('learnerOrder', () => {
  it('keeps the authored order without a seed, and follows seededOrder with one', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(learnerOrder(items, null, 'q')).toEqual(items);
    expect(learnerOrder(items, 'abc', 'q')).toEqual(
      seededOrder(4, 'abc', 'q').map((i) => items[i]),
    );
  });
});
