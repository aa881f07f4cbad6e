/**
 * Times the parallel layout planner's ranking for a few setups: the engine's planner alone
 * (`rankLayouts`: every layout predicted and ranked) and the widget's ranking (`rankPlan`: the
 * same, cut down to the plain rows its worker hands over). Prints a line per setup (layouts
 * tried, how many fit, the median and the fastest of the runs) and the whole as JSON. The
 * widget's budget is 200 ms for a few thousand layouts; nothing here asserts it. The widget runs
 * the ranking in a worker, so the page stays responsive whatever it takes.
 *
 *   npx tsx scripts/bench-planner.ts [runs]
 */
import { performance } from 'node:perf_hooks';
import { getServingModel, rankLayouts, type PlanBase } from '../src/engine/models';
import { rankPlan } from '../src/widgets/parallel-planner/ranking';

interface Case {
  name: string;
  base: PlanBase;
}

const plan = (
  model: string,
  gpu: string,
  gpus: number,
  seq: number,
  globalBatch: number,
): PlanBase => ({
  model: getServingModel(model).spec,
  gpu,
  gpus,
  gpusPerNode: 8,
  seq,
  globalBatch,
});

const CASES: Case[] = [
  {
    name: 'Llama 3.1 70B, 64 × H100 SXM, seq 8192, batch 256',
    base: plan('llama3.1-70b', 'h100-sxm', 64, 8192, 256),
  },
  {
    name: 'Llama 3.1 8B, 8 × A100 SXM 80 GB, seq 8192, batch 64',
    base: plan('llama3.1-8b', 'a100-sxm-80gb', 8, 8192, 64),
  },
  {
    name: 'Llama 3.1 405B, 128 × H100 SXM, seq 8192, batch 512',
    base: plan('llama3.1-405b', 'h100-sxm', 128, 8192, 512),
  },
];

/** Milliseconds of one call of `work`. */
function once(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** Milliseconds of each of `runs` calls of `work`, after two warm-up calls. */
function time(work: () => unknown, runs: number): number[] {
  work();
  work();
  return Array.from({ length: runs }, () => {
    const start = performance.now();
    work();
    return performance.now() - start;
  });
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const runs = Math.max(1, Number(process.argv[2] ?? 7) || 7);
const report = CASES.map(({ name, base }) => {
  // The first call of the process runs before the JIT has warmed up, as a worker's first does.
  const firstMs = once(() => rankPlan(base));
  const ranking = rankPlan(base);
  const engine = time(() => rankLayouts(base), runs);
  const widget = time(() => rankPlan(base), runs);
  const line = {
    name,
    layouts: ranking.rows.length,
    fitting: ranking.fitting,
    firstCallMs: Number(firstMs.toFixed(1)),
    engineMedianMs: Number(median(engine).toFixed(1)),
    engineFastestMs: Number(Math.min(...engine).toFixed(1)),
    widgetMedianMs: Number(median(widget).toFixed(1)),
    widgetFastestMs: Number(Math.min(...widget).toFixed(1)),
  };
  console.log(
    `${name}: ${line.layouts} layouts (${line.fitting} fit); rankLayouts median ${line.engineMedianMs} ms (fastest ${line.engineFastestMs}), the widget's ranking median ${line.widgetMedianMs} ms (fastest ${line.widgetFastestMs}) over ${runs} runs; its first call ${line.firstCallMs} ms`,
  );
  return line;
});
console.log(JSON.stringify({ runs, cases: report }));
