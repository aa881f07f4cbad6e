import { describe, expect, it } from 'vitest';
import { findTritonPuzzle } from '../../triton/puzzles/index';
import {
  fastest,
  rankOutcomes,
  runAutotune,
  sortConfigs,
  type AutotuneDeps,
  type ConfigOutcome,
  type Trial,
} from './autotune';
import { configText, type AutotuneConfig } from './configs';
import { cacheSentence, outcomeText, timesSentence } from './words';

const cfg = (numWarps: number, BLOCK: number): AutotuneConfig => ({
  constexprs: { BLOCK },
  numWarps,
});

/**
 * Fake runs on an injected clock: each run of a config advances the clock by its scripted
 * seconds (one per run, the last repeated), so medians and ranks are exact. A config may be
 * scripted to compute wrong numbers or to be refused.
 */
function scripted(script: Map<AutotuneConfig, number[] | 'wrong' | 'refused'>) {
  let now = 100;
  const log: string[] = [];
  let pauses = 0;
  const deps: AutotuneDeps = {
    prepare: async (config) => {
      const plan = script.get(config)!;
      if (plan === 'refused') throw new Error('the workgroup is over the device’s limit');
      let runs = 0;
      const trial: Trial = {
        run: async () => {
          log.push(`run ${configText(config)}`);
          if (plan !== 'wrong') now += plan[Math.min(runs, plan.length - 1)]!;
          runs++;
        },
        check: () =>
          plan === 'wrong'
            ? {
                case: { size: {}, label: '' },
                ok: false,
                wrong: 3,
                message: 'out[2] should be 1 but is 0',
              }
            : { case: { size: {}, label: '' }, ok: true, wrong: 0, message: '' },
        dispose: () => log.push(`dispose ${configText(config)}`),
      };
      return trial;
    },
    nowSeconds: () => now,
    pause: async () => {
      pauses++;
    },
  };
  return { deps, log, pauses: () => pauses };
}

describe('runAutotune', () => {
  it('checks each config once, times the rest, and ranks by the median with the fastest first', async () => {
    const a = cfg(1, 16);
    const b = cfg(4, 32);
    const c = cfg(8, 64);
    // The first run is the checked warm-up: its 9 s never counts.
    const { deps, log } = scripted(
      new Map([
        [a, [9, 0.004, 0.003, 0.005]],
        [b, [9, 0.002, 0.001, 0.009]],
        [c, [9, 0.003]],
      ]),
    );
    const seen: number[] = [];
    const tune = await runAutotune({
      configs: [a, b, c],
      deps,
      samples: 3,
      cancelled: () => false,
      onProgress: (_, p) => seen.push(p.done),
    });
    expect(tune.cancelled).toBe(false);
    expect(tune.outcomes.map((o) => o.kind)).toEqual(['timed', 'timed', 'timed']);
    expect(tune.outcomes.map((o) => (o.kind === 'timed' ? o.medianSeconds : 0))).toEqual([
      expect.closeTo(0.004, 9),
      expect.closeTo(0.002, 9),
      expect.closeTo(0.003, 9),
    ]);
    expect(seen).toEqual([0, 1, 2, 3]);
    // One checked run and three timed runs each; every trial let go.
    expect(log.filter((l) => l.startsWith('run')).length).toBe(12);
    expect(log.filter((l) => l.startsWith('dispose')).length).toBe(3);

    const rows = rankOutcomes(tune.outcomes);
    expect(rows.map((r) => [r.key, r.rank])).toEqual([
      [configText(b), 1],
      [configText(c), 2],
      [configText(a), 3],
    ]);
    expect(rows.map((r) => r.slowdown)).toEqual([1, expect.closeTo(1.5, 6), expect.closeTo(2, 6)]);
    expect(fastest(rows)?.config).toBe(b);
    expect(outcomeText(rows[0]!)).toBe('Fastest');
    expect(outcomeText(rows[2]!)).toBe('2× the fastest’s time');
  });

  it('never ranks a config that computes wrong numbers or cannot run, and says why', async () => {
    const ok = cfg(4, 32);
    const wrong = cfg(1, 16);
    const refused = cfg(8, 64);
    const { deps } = scripted(
      new Map<AutotuneConfig, number[] | 'wrong' | 'refused'>([
        [wrong, 'wrong'],
        [refused, 'refused'],
        [ok, [1, 0.5]],
      ]),
    );
    const tune = await runAutotune({
      configs: [wrong, refused, ok],
      deps,
      samples: 2,
      cancelled: () => false,
    });
    const rows = rankOutcomes(tune.outcomes);
    expect(rows.map((r) => [r.outcome.kind, r.rank])).toEqual([
      ['timed', 1],
      ['wrong', null],
      ['refused', null],
    ]);
    expect(outcomeText(rows[1]!)).toBe('Wrong: out[2] should be 1 but is 0');
    expect(outcomeText(rows[2]!)).toBe('Could not run: the workgroup is over the device’s limit');
    expect(
      rankOutcomes([{ kind: 'wrong', config: wrong, message: 'x' }]).map((r) => r.rank),
    ).toEqual([null]);
  });

  it('stops at the next turn when cancelled, keeping what finished', async () => {
    const configs = [cfg(1, 16), cfg(2, 16), cfg(4, 16)];
    const { deps, log, pauses } = scripted(new Map(configs.map((c) => [c, [1, 0.1]])));
    let cancel = false;
    const tune = await runAutotune({
      configs,
      deps,
      samples: 2,
      cancelled: () => cancel,
      onProgress: (outcomes) => {
        if (outcomes.length === 1) cancel = true;
      },
    });
    expect(tune.cancelled).toBe(true);
    expect(tune.outcomes).toHaveLength(1);
    expect(log.filter((l) => l.includes('num_warps: 2'))).toEqual([]);
    // A turn before each config and before each timed run.
    expect(pauses()).toBe(4);
  });

  it('gives the page a turn between timed runs, and stops inside a config when cancelled there', async () => {
    const c = cfg(1, 16);
    const { deps, log } = scripted(new Map([[c, [1, 0.1]]]));
    let turns = 0;
    const tune = await runAutotune({
      configs: [c],
      deps: {
        ...deps,
        pause: async () => {
          turns++;
        },
      },
      samples: 5,
      cancelled: () => turns >= 3,
    });
    expect(tune).toEqual({ outcomes: [], cancelled: true });
    expect(log).toEqual([
      'run BLOCK: 16, num_warps: 1',
      'run BLOCK: 16, num_warps: 1',
      'dispose BLOCK: 16, num_warps: 1',
    ]);
  });
});

describe('the autotune table', () => {
  const outcomes: ConfigOutcome[] = [
    { kind: 'timed', config: cfg(1, 16), medianSeconds: 3e-3, samplesSeconds: [] },
    { kind: 'refused', config: cfg(8, 128), message: 'no' },
    { kind: 'timed', config: cfg(4, 32), medianSeconds: 1e-3, samplesSeconds: [] },
    { kind: 'timed', config: cfg(2, 64), medianSeconds: 2e-3, samplesSeconds: [] },
  ];
  const rows = rankOutcomes(outcomes);
  const order = (key: Parameters<typeof sortConfigs>[1], dir: Parameters<typeof sortConfigs>[2]) =>
    sortConfigs(rows, key, dir).map((r) => r.config.numWarps);

  it('sorts by any column either way, rows without a time last', () => {
    expect(order('rank', 'ascending')).toEqual([4, 2, 1, 8]);
    expect(order('rank', 'descending')).toEqual([1, 2, 4, 8]);
    expect(order('time', 'descending')).toEqual([1, 2, 4, 8]);
    expect(order('warps', 'ascending')).toEqual([1, 2, 4, 8]);
    expect(order('warps', 'descending')).toEqual([8, 4, 2, 1]);
    expect(order('config', 'ascending')).toEqual([1, 4, 2, 8]);
  });

  it('says the winner as @triton.autotune caches it, and what the times are of', () => {
    const matmul = findTritonPuzzle('tiled-matmul')!;
    const winner = {
      ...rows[0]!,
      config: { constexprs: { BLOCK_M: 32, BLOCK_N: 32, BLOCK_K: 16 }, numWarps: 4 },
    };
    expect(cacheSentence(matmul, { m: 128, n: 128, k: 128 }, winner)).toBe(
      'Fastest: BLOCK_M: 32, BLOCK_N: 32, BLOCK_K: 16, num_warps: 4 (1 ms). Triton would cache this config for key (M, N, K) = (128, 128, 128): later launches with the same key skip the tuning and use it.',
    );
    expect(cacheSentence(matmul, { m: 1, n: 1, k: 1 }, null)).toBe(
      'No config passed its check, so Triton would have nothing to cache.',
    );
    expect(timesSentence('interpreter')).toMatch(
      /^These times are the interpreter’s .*, not a GPU’s/,
    );
    expect(timesSentence('software-adapter')).toMatch(/your CPU emulating a GPU/);
    expect(timesSentence('gpu')).toMatch(/your GPU’s/);
  });
});
