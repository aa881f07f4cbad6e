/** Test helper: the planner's dependencies with the real (pure) engine, ranking inline. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { enginePlanner } from '../browser-deps';
import type { PlannerDeps } from '../controller';
import type { PlanRanker } from '../engine-port';
import { rankPlan } from '../ranking';

/** The example print(model) the widget pastes. */
export const EXAMPLE_PRINT = readFileSync(
  join(process.cwd(), 'src/widgets/parallel-planner/llama2-13b-example.txt'),
  'utf8',
);

/** A ranker that ranks on the test's thread, answering on the next microtask. */
export function inlineRanker(): PlanRanker & { calls: number } {
  const ranker = {
    calls: 0,
    rank(base: Parameters<PlanRanker['rank']>[0]) {
      ranker.calls += 1;
      return Promise.resolve().then(() => rankPlan(base));
    },
    dispose() {},
  };
  return ranker;
}

/** Fake dependencies; `overrides` replace any of them. */
export function fakeDeps(overrides: Partial<PlannerDeps> = {}): PlannerDeps {
  return {
    engine: enginePlanner,
    ranker: inlineRanker(),
    printExample: () => EXAMPLE_PRINT,
    reducedMotion: () => false,
    ...overrides,
  };
}
