/**
 * Times the serving simulator's concurrency sweep (64 concurrencies from 1 to the most requests
 * that fit, as the widget sweeps them) and the widget's whole analysis (the prediction, the
 * sweep and the five levers' ten predictions) for a few setups, and prints each as a line and
 * the whole as JSON. The widget's budget for the sweep is 100 ms; nothing here asserts it.
 *
 *   npx tsx scripts/bench-serving.ts [runs]
 */
import { performance } from 'node:perf_hooks';
import {
  getServingModel,
  predictServing,
  sweepConcurrency,
  type ServingSetup,
  type ServingWorkload,
} from '../src/engine/models';
import { readDecoderFromPrintModel } from '../src/engine/models/serving/from-print-model';
import { analyzeServing } from '../src/widgets/serving/analysis';
import type { ServingEngine } from '../src/widgets/serving/engine-port';
import { servingSchema, type ServingSettings } from '../src/widgets/serving/settings';
import { sweepConcurrencies } from '../src/widgets/serving/sweep';
import { getGpu } from '../src/engine/catalog';

/** The engine without the browser's memo, so every run asks afresh. */
const engine: ServingEngine = {
  predict: predictServing,
  sweep: sweepConcurrency,
  readPrint: readDecoderFromPrintModel,
  gpuFacts: (id) => {
    const gpu = getGpu(id);
    return { name: gpu.name, memoryBytes: gpu.memoryBytes.value };
  },
};

interface Case {
  name: string;
  model: string;
  gpu: string;
  gpus: number;
  weights: ServingSetup['weights'];
  kvCache: ServingSetup['kvCache'];
  inputTokens: number;
  outputTokens: number;
}

const CASES: Case[] = [
  {
    name: '8B bf16, H100, 1024/512',
    model: 'llama3.1-8b',
    gpu: 'h100-sxm',
    gpus: 1,
    weights: 'bf16',
    kvCache: 'bf16',
    inputTokens: 1024,
    outputTokens: 512,
  },
  {
    name: '8B fp8, H100, 128/128',
    model: 'llama3.1-8b',
    gpu: 'h100-sxm',
    gpus: 1,
    weights: 'fp8',
    kvCache: 'fp8',
    inputTokens: 128,
    outputTokens: 128,
  },
  {
    name: '8B fp8, H100, 2048/2048',
    model: 'llama3.1-8b',
    gpu: 'h100-sxm',
    gpus: 1,
    weights: 'fp8',
    kvCache: 'fp8',
    inputTokens: 2048,
    outputTokens: 2048,
  },
  {
    name: '70B fp8, 2 × H100, 1000/1000',
    model: 'llama3.1-70b',
    gpu: 'h100-sxm',
    gpus: 2,
    weights: 'fp8',
    kvCache: 'fp8',
    inputTokens: 1000,
    outputTokens: 1000,
  },
  {
    name: '8B fp8, H100, 1/1 (most points)',
    model: 'llama3.1-8b',
    gpu: 'h100-sxm',
    gpus: 1,
    weights: 'fp8',
    kvCache: 'fp8',
    inputTokens: 1,
    outputTokens: 1,
  },
  {
    name: '405B fp8, 8 × H200, 128/2048',
    model: 'llama3.1-405b',
    gpu: 'h200-sxm',
    gpus: 8,
    weights: 'fp8',
    kvCache: 'fp8',
    inputTokens: 128,
    outputTokens: 2048,
  },
];

const runs = Math.max(1, Number(process.argv[2] ?? 5));

/** Median of a list. */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const results = CASES.map((c) => {
  const setup: ServingSetup = {
    model: getServingModel(c.model).spec,
    gpu: c.gpu,
    gpus: c.gpus,
    weights: c.weights,
    kvCache: c.kvCache,
  };
  const workload: ServingWorkload = {
    inputTokens: c.inputTokens,
    outputTokens: c.outputTokens,
    concurrency: 'max',
  };
  const fit = predictServing(setup, workload).memory.requestsThatFit;
  const concurrencies = sweepConcurrencies(fit);
  const settings: ServingSettings = {
    ...servingSchema.defaults,
    model: c.model,
    gpu: c.gpu as ServingSettings['gpu'],
    tp: String(c.gpus) as ServingSettings['tp'],
    weights: c.weights ?? 'bf16',
    kvCache: c.kvCache ?? 'bf16',
    inputTokens: c.inputTokens,
    outputTokens: c.outputTokens,
    load: 'max',
  };
  const printed = { text: '', result: null, message: null };
  const sweepMs: number[] = [];
  const analysisMs: number[] = [];
  // One warm-up of each, then the timed runs.
  sweepConcurrency(setup, workload, concurrencies);
  analyzeServing(settings, printed, engine);
  for (let i = 0; i < runs; i += 1) {
    let t = performance.now();
    sweepConcurrency(setup, workload, concurrencies);
    sweepMs.push(performance.now() - t);
    t = performance.now();
    analyzeServing(settings, printed, engine);
    analysisMs.push(performance.now() - t);
  }
  const line = {
    name: c.name,
    requestsThatFit: fit,
    points: concurrencies.length,
    sweepMs: Number(median(sweepMs).toFixed(1)),
    analysisMs: Number(median(analysisMs).toFixed(1)),
  };
  console.log(
    `${line.name.padEnd(32)} fit ${String(fit).padStart(5)}  sweep of ${line.points} points ${String(line.sweepMs).padStart(7)} ms  whole analysis ${String(line.analysisMs).padStart(7)} ms`,
  );
  return line;
});
console.log(JSON.stringify({ runs, budgetMs: 100, results }));
