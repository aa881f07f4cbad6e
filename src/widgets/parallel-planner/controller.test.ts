import { describe, expect, it } from 'vitest';
import type { PlanBase } from '../../engine/models';
import { checkState } from '../../state/schema';
import { PlannerController } from './controller';
import type { PlanRanker } from './engine-port';
import { rankPlan, type Ranking } from './ranking';
import { parallelPlannerSchema, type PlannerSettings } from './settings';
import { fakeDeps } from './testing/deps';

const settings = (patch: Partial<Record<keyof PlannerSettings, unknown>> = {}) =>
  checkState(parallelPlannerSchema, {
    model: 'llama3.1-8b',
    gpu: 'a100-sxm-80gb',
    gpus: 8,
    seq: 2048,
    globalBatch: 32,
    ...patch,
  }).state;

/** A ranker whose answers the test releases one by one. */
function heldRanker() {
  const held: Array<{ base: PlanBase; release(): void }> = [];
  const ranker: PlanRanker = {
    rank: (base) =>
      new Promise<Ranking>((resolve) =>
        held.push({ base, release: () => resolve(rankPlan(base)) }),
      ),
    dispose() {},
  };
  return { ranker, held };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PlannerController', () => {
  it('ranks a plan once: choosing another layout ranks nothing again, a new batch does', async () => {
    const { ranker, held } = heldRanker();
    const c = new PlannerController(fakeDeps({ ranker }), settings());
    expect(c.getState().ranking.kind).toBe('ranking');
    expect(c.getState().status).toBe('done');
    held[0]!.release();
    await flush();
    expect(c.getState().ranking.kind).toBe('done');
    c.configure(settings({ tensorParallel: 2, sharding: 'zero1' }));
    expect(held).toHaveLength(1);
    expect(c.getState().analysis.layout.kind).toBe('result');
    c.configure(settings({ tensorParallel: 2, sharding: 'zero1', globalBatch: 64 }));
    expect(held).toHaveLength(2);
    const ranking = c.getState().ranking;
    expect(ranking.kind === 'ranking' && ranking.previous !== null).toBe(true);
    c.dispose();
  });

  it('drops a ranking that comes back for a plan no longer shown', async () => {
    const { ranker, held } = heldRanker();
    const c = new PlannerController(fakeDeps({ ranker }), settings());
    c.configure(settings({ seq: 4096 }));
    held[1]!.release();
    await flush();
    const now = c.getState().ranking;
    expect(now.kind).toBe('done');
    held[0]!.release();
    await flush();
    expect(c.getState().ranking).toBe(now);
  });

  it('reads a pasted print(model), keeps it out of the settings, and ranks its plan', async () => {
    const c = new PlannerController(fakeDeps(), settings({ model: 'print' }));
    expect(c.getState().status).toBe('idle');
    expect(c.getState().ranking.kind).toBe('none');
    c.loadPrintExample();
    expect(c.getState().printed.result?.model).toBe('LlamaForCausalLM');
    expect(c.getState().status).toBe('done');
    await flush();
    expect(c.getState().ranking.kind).toBe('done');
    c.setPrintText('not a model');
    expect(c.getState().printed.message).not.toBeNull();
    expect(c.getState().status).toBe('error');
    expect(c.getState().ranking.kind).toBe('none');
  });

  it('stays usable after dispose: the same settings again ask for the dropped ranking', async () => {
    const { ranker, held } = heldRanker();
    const c = new PlannerController(fakeDeps({ ranker }), settings());
    c.dispose();
    expect(c.getState().ranking.kind).toBe('none');
    c.configure(c.getState().settings);
    expect(held).toHaveLength(2);
    // Either answer is the same plan's ranking.
    held[1]!.release();
    await flush();
    expect(c.getState().ranking.kind).toBe('done');
  });
});
