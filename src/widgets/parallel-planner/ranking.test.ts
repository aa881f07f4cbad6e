import { describe, expect, it } from 'vitest';
import { getServingModel, rankLayouts, type PlanBase } from '../../engine/models';
import {
  layoutKey,
  ordinal,
  rankPlan,
  sortRows,
  STEP_PARTS,
  whyBestWins,
  type RankedRow,
  type Ranking,
} from './ranking';

const BASE: PlanBase = {
  model: getServingModel('llama3.1-8b').spec,
  gpu: 'a100-sxm-80gb',
  gpus: 8,
  gpusPerNode: 8,
  seq: 4096,
  globalBatch: 32,
};

describe('the planner’s ranking', () => {
  const ranking = rankPlan(BASE);

  it('keeps the engine’s order and figures, fitting layouts first, each step split into parts', () => {
    const engine = rankLayouts(BASE);
    expect(ranking.rows.map((r) => r.key)).toEqual(
      engine.map((e) =>
        layoutKey({
          tp: e.setup.tensorParallel ?? 1,
          cp: e.setup.contextParallel ?? 1,
          pp: e.setup.pipelineParallel ?? 1,
          microBatch: e.setup.microBatch,
          sharding: e.setup.sharding ?? 'zero3',
          checkpointing: e.setup.checkpointing ?? 'none',
        }),
      ),
    );
    expect(new Set(ranking.rows.map((r) => r.key)).size).toBe(ranking.rows.length);
    expect(ranking.fitting).toBe(engine.filter((e) => e.prediction.fits).length);
    expect(ranking.rows.slice(0, ranking.fitting).every((r) => r.fits)).toBe(true);
    for (const [i, row] of ranking.rows.entries()) {
      const parts = STEP_PARTS.reduce((s, k) => s + row.parts[k], 0);
      expect(parts, row.key).toBeCloseTo(row.seconds, 9);
      expect(row.limitedBy).toBe(engine[i]!.limitedBy);
      expect(row.layout.dp * row.layout.tp * row.layout.cp * row.layout.pp).toBe(8);
      expect(row.layout.dp * row.layout.microBatch * row.layout.gradAccum).toBe(32);
    }
    // Plain data: a worker can hand it over.
    expect(structuredClone(ranking)).toEqual(ranking);
  });

  it('sorts by a column either way, ties in the ranking’s order', () => {
    const top = ranking.rows.slice(0, 20);
    const memory = sortRows(top, 'memory', 'ascending').map((r) => r.bytesPerGpu);
    expect(memory).toEqual([...memory].sort((a, b) => a - b));
    const down = sortRows(top, 'rank', 'descending');
    expect(down.map((r) => r.key)).toEqual([...top].reverse().map((r) => r.key));
    const limit = sortRows(top, 'limit', 'ascending').map((r) => r.limitedBy);
    expect(limit).toEqual([...limit].sort((a, b) => a.localeCompare(b)));
  });

  it('says why the best wins against the first layout that does not tie with it', () => {
    const why = whyBestWins(ranking)!;
    expect(why).toMatch(/^The best layout \(DP \d.*\)/);
    expect(why).toMatch(/faster than the (runner-up|next) \(.*\), which differs in /);
    const row = (key: string, tokens: number, parts: Partial<RankedRow['parts']>): RankedRow => ({
      key,
      layout: {
        dp: 8,
        tp: key === 'a' ? 1 : 2,
        cp: 1,
        pp: 1,
        microBatch: 1,
        gradAccum: 4,
        sharding: 'zero3',
        checkpointing: 'none',
      },
      seconds: 1,
      tokensPerSecondPerGpu: tokens,
      mfu: 0.4,
      bytesPerGpu: 40e9,
      capacityBytes: 80e9,
      fits: true,
      limitedBy: 'arithmetic',
      parts: {
        arithmetic: 0.9,
        recompute: 0,
        tensorParallel: 0,
        contextParallel: 0,
        pipelineSends: 0,
        bubble: 0,
        exposedDataParallel: 0,
        optimizer: 0.1,
        ...parts,
      },
    });
    const two: Ranking = {
      rows: [row('a', 1100, {}), row('b', 1000, { tensorParallel: 0.1 })],
      fitting: 2,
    };
    expect(whyBestWins(two)).toBe(
      'The best layout (DP 8, FSDP, micro-batch 1 × 4, no checkpointing) is 10 % faster than the runner-up (DP 8 × TP 2, FSDP, micro-batch 1 × 4, no checkpointing), which differs in TP (1 against 2): that one spends 100 ms more per step on tensor parallel’s all-reduces.',
    );
    expect(whyBestWins({ rows: two.rows, fitting: 1 })).toMatch(/^Only one layout fits: DP 8/);
    expect(whyBestWins({ rows: two.rows, fitting: 0 })).toBeNull();
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 1002].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
      '1,002nd',
    ]);
  });
});
