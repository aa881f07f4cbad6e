/**
 * Every declared autotune config on real WebGPU (Dawn in Node, SwiftShader without a GPU): the
 * puzzle's reference compiled with the config's block sizes and a workgroup of num_warps × 32,
 * run at the plan's size and checked against the CPU reference, then a short autotune through
 * the widget's own core on the device. Times are printed for the record, never asserted.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { prepareTritonLaunch } from '../../gpu';
import { acquireNodeGpu, warnIfUnavailable } from '../../gpu/testing/node-gpu';
import { findTritonPuzzle } from '../../triton/puzzles/index';
import { rankOutcomes, runAutotune } from './autotune';
import { AUTOTUNE_PLANS, configText } from './configs';
import { gpuTrial } from './trials';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'triton-kernel autotune on WebGPU');
const gpu = acquisition.ok ? acquisition.gpu : undefined;
afterAll(() => gpu?.device.destroy());

describe.skipIf(!gpu)('the autotune configs on WebGPU', () => {
  for (const [id, plan] of Object.entries(AUTOTUNE_PLANS)) {
    it(`${id}: every config compiles, runs and checks at ${JSON.stringify(plan.size)}`, async () => {
      const puzzle = findTritonPuzzle(id)!;
      const tune = await runAutotune({
        configs: plan.configs,
        samples: 3,
        cancelled: () => false,
        deps: {
          prepare: (config) =>
            gpuTrial(puzzle, config, plan.size, (options) =>
              prepareTritonLaunch(gpu!.device, puzzle.solution, options),
            ),
          nowSeconds: () => performance.now() / 1000,
          // No page to give a turn to here.
          pause: async () => {},
        },
      });
      const problems = tune.outcomes
        .filter((o) => o.kind !== 'timed')
        .map((o) => `${configText(o.config)}: ${'message' in o ? o.message : ''}`);
      expect(problems).toEqual([]);
      for (const row of rankOutcomes(tune.outcomes)) {
        const seconds = row.outcome.kind === 'timed' ? row.outcome.medianSeconds : NaN;
        console.log(`${id} #${row.rank} ${row.key}: ${(seconds * 1e3).toFixed(2)} ms`);
      }
    });
  }
});
