/**
 * Calibration cases for the serving model: published throughput of an optimized server under
 * maximum load, and one single-request decode rate. The four rows issue 41 names come first; one
 * of them set `SERVING_PRODUCT_SHARE` (marked `usedForFitting`), every other row is held out.
 */
import type { CalibrationCase } from './case';
import { GPT_FAST, TRTLLM_PERF_OVERVIEW } from '../catalog/network-sources';
import { getServingModel } from '../models/serving/decoder';
import { predictServing } from '../models/serving/predict-serving';
import type { KvFormat, WeightFormat } from '../models/serving/formats';

/** One published serving run: model, GPU, tensor parallel, formats, lengths, output tokens/s. */
interface ServingRun {
  model: string;
  gpu: string;
  gpus: number;
  weights: WeightFormat;
  kvCache: KvFormat;
  inputTokens: number;
  outputTokens: number;
  concurrency: number | 'max';
  outputTokensPerSecond: number;
}

function predictedTokensPerSecond(run: ServingRun): number {
  return predictServing(
    {
      model: getServingModel(run.model).spec,
      gpu: run.gpu,
      gpus: run.gpus,
      weights: run.weights,
      kvCache: run.kvCache,
    },
    { inputTokens: run.inputTokens, outputTokens: run.outputTokens, concurrency: run.concurrency },
  ).outputTokensPerSecond;
}

function servingCase(
  run: ServingRun,
  source: string,
  options: { fitted?: boolean; tolerance: number },
): CalibrationCase {
  const gpuName =
    run.gpu === 'h100-sxm' ? 'H100 SXM' : run.gpu === 'h200-sxm' ? 'H200 SXM' : run.gpu;
  const load = run.concurrency === 'max' ? 'maximum load' : `${run.concurrency} request at a time`;
  return {
    id: `serve-${run.model}-${run.gpu}-tp${run.gpus}-${run.weights}-${run.inputTokens}-${run.outputTokens}-${run.concurrency}`,
    what: `${getServingModel(run.model).name} ${run.weights}, ${run.gpus}× ${gpuName}, ${run.inputTokens}/${run.outputTokens} tokens, ${load}: output tokens/s`,
    measured: run.outputTokensPerSecond,
    unit: 'tok/s',
    source,
    tolerance: options.tolerance,
    usedForFitting: options.fitted ?? false,
    predict: () => predictedTokensPerSecond(run),
  };
}

/** An fp8 run of TensorRT-LLM's performance overview (fp8 weights and KV cache, maximum load). */
function fp8(
  model: string,
  gpu: string,
  gpus: number,
  lengths: string,
  outputTokensPerSecond: number,
): ServingRun {
  const [inputTokens, outputTokens] = lengths.split('/').map(Number) as [number, number];
  return {
    model,
    gpu,
    gpus,
    weights: 'fp8',
    kvCache: 'fp8',
    inputTokens,
    outputTokens,
    concurrency: 'max',
    outputTokensPerSecond,
  };
}

/** The four rows issue 41 calibrates on; the first set `SERVING_PRODUCT_SHARE`. */
export const SERVING_CALIBRATION_ROWS: readonly CalibrationCase[] = [
  servingCase(fp8('llama3.1-8b', 'h100-sxm', 1, '128/128', 28_312), TRTLLM_PERF_OVERVIEW, {
    fitted: true,
    tolerance: 0.1,
  }),
  servingCase(fp8('llama3.1-8b', 'h100-sxm', 1, '2048/2048', 9_305), TRTLLM_PERF_OVERVIEW, {
    tolerance: 0.1,
  }),
  servingCase(fp8('llama3.1-70b', 'h100-sxm', 2, '1000/1000', 4_205), TRTLLM_PERF_OVERVIEW, {
    tolerance: 0.1,
  }),
  servingCase(fp8('llama3.1-405b', 'h200-sxm', 8, '128/2048', 5_348), TRTLLM_PERF_OVERVIEW, {
    tolerance: 0.1,
  }),
];

const LENGTHS = [
  '128/128',
  '128/2048',
  '128/4096',
  '500/2000',
  '1000/1000',
  '1000/2000',
  '2048/128',
  '2048/2048',
  '5000/500',
  '20000/2000',
] as const;

/** Every other row of the overview's Llama 3.1/3.3 tables: model, GPU, TP, throughput by length. */
const OVERVIEW_TABLES: ReadonlyArray<[string, string, number, readonly number[]]> = [
  [
    'llama3.1-8b',
    'h200-sxm',
    1,
    [27911, 26221, 18027, 20770, 17744, 16828, 3538, 12194, 3902, 1804],
  ],
  [
    'llama3.1-8b',
    'h100-sxm',
    1,
    [28312, 22714, 14325, 17660, 15220, 13899, 3450, 9305, 3459, 1351],
  ],
  ['llama3.1-70b', 'h200-sxm', 1, [3803, 4336, 2872, 3666, 2909, 2994, 442, 2003, 566, 283]],
  ['llama3.1-70b', 'h100-sxm', 2, [6378, 6651, 4199, 5222, 4205, 4146, 762, 3082, 898, 437]],
  ['llama3.1-405b', 'h200-sxm', 8, [3814, 5348, 4741, 4724, 3330, 3722, 456, 2948, 650, 505]],
  ['llama3.1-405b', 'h100-sxm', 8, [3627, 4340, 3116, 3994, 2919, 2895, 453, 2296, 610, 345]],
];

/** The overview's other rows (the four above left out): held out, each within 25 %. */
export const SERVING_HELD_OUT_ROWS: readonly CalibrationCase[] = OVERVIEW_TABLES.flatMap(
  ([model, gpu, gpus, values]) =>
    values.map((value, i) => fp8(model, gpu, gpus, LENGTHS[i] as string, value)),
)
  .filter((run) => !SERVING_CALIBRATION_ROWS.some((c) => c.measured === run.outputTokensPerSecond))
  .map((run) => servingCase(run, TRTLLM_PERF_OVERVIEW, { tolerance: 0.25 }));

/** gpt-fast's Llama 2 7B in bf16 at one request, compiled with CUDA graphs: 104.9 tokens/s. */
const GPT_FAST_DECODE = servingCase(
  {
    model: 'llama2-7b',
    gpu: 'a100-sxm-80gb',
    gpus: 1,
    weights: 'bf16',
    kvCache: 'bf16',
    inputTokens: 128,
    outputTokens: 200,
    concurrency: 1,
    outputTokensPerSecond: 104.9,
  },
  GPT_FAST,
  { tolerance: 0.15 },
);

/** Every serving case: the four named rows, the rest of the overview, gpt-fast's decode. */
export const SERVING_CALIBRATION_CASES: readonly CalibrationCase[] = [
  ...SERVING_CALIBRATION_ROWS,
  ...SERVING_HELD_OUT_ROWS,
  GPT_FAST_DECODE,
];
