/**
 * Calibration cases for training at scale: published tokens per second per GPU of decoders
 * trained with FSDP's full sharding over 8 to 128 GPUs. torchtitan's seven FSDP2 rows on 64
 * A100 80 GB come first (one set `TRAINING_PRODUCT_SHARE`); MosaicML's MPT table follows (one
 * H100 row set `HOPPER_TRAINING_SHARE`); every other row is held out.
 */
import type { CalibrationCase } from './case';
import { LLM_FOUNDRY_BENCHMARKS, TORCHTITAN_FSDP2 } from '../catalog/network-sources';
import { getServingModel, type DecoderSpec } from '../models/serving/decoder';
import type { Checkpointing } from '../models/parallel/layout';
import { predictParallelStep } from '../models/parallel/parallel-step';

/** One published run: model, GPUs, sequence, micro-batch, accumulation, checkpointing. */
interface TrainingRun {
  name: string;
  model: DecoderSpec;
  gpu: string;
  gpus: number;
  seq: number;
  microBatch: number;
  gradAccum: number;
  checkpointing: Checkpointing;
  tokensPerSecondPerGpu: number;
}

function trainingCase(
  run: TrainingRun,
  source: string,
  options: { fitted?: boolean; tolerance: number },
): CalibrationCase {
  return {
    id: `train-${run.name}-${run.gpu}-${run.gpus}-${run.seq}-${run.microBatch}x${run.gradAccum}-${run.checkpointing}`,
    what: `${run.name}, ${run.gpus}× ${run.gpu}, sequence ${run.seq}, micro-batch ${run.microBatch} × ${run.gradAccum}, checkpointing ${run.checkpointing}: tokens/s per GPU`,
    measured: run.tokensPerSecondPerGpu,
    unit: 'tok/s',
    source,
    tolerance: options.tolerance,
    usedForFitting: options.fitted ?? false,
    predict: () =>
      predictParallelStep({
        model: run.model,
        gpu: run.gpu,
        gpus: run.gpus,
        seq: run.seq,
        microBatch: run.microBatch,
        gradAccum: run.gradAccum,
        checkpointing: run.checkpointing,
        sharding: 'zero3',
      }).tokensPerSecondPerGpu,
  };
}

/** torchtitan's rows (Llama 3 has the sizes of Llama 3.1); "selective" layer and op alike. */
const TORCHTITAN: ReadonlyArray<[string, string, number, number, Checkpointing, number]> = [
  ['Llama 3 8B', 'llama3.1-8b', 8192, 1, 'selective', 2904],
  ['Llama 3 8B', 'llama3.1-8b', 8192, 1, 'selective', 2973],
  ['Llama 3 70B', 'llama3.1-70b', 8192, 1, 'full', 331],
  ['Llama 2 13B', 'llama2-13b', 4096, 2, 'none', 2162],
  ['Llama 2 13B', 'llama2-13b', 4096, 2, 'selective', 1914],
  ['Llama 2 70B', 'llama2-70b', 4096, 1, 'selective', 355],
  ['Llama 2 70B', 'llama2-70b', 4096, 2, 'full', 353],
];

/** The seven rows issue 42 names, each within 10 %; the fourth set the product share. */
export const TRAINING_CALIBRATION_ROWS: readonly CalibrationCase[] = TORCHTITAN.map(
  ([name, id, seq, microBatch, checkpointing, rate], i) =>
    trainingCase(
      {
        name: `${name}${i === 1 ? ' (selective per op)' : ''}`,
        model: getServingModel(id).spec,
        gpu: 'a100-sxm-80gb',
        gpus: 64,
        seq,
        microBatch,
        gradAccum: 1,
        checkpointing,
        tokensPerSecondPerGpu: rate,
      },
      TORCHTITAN_FSDP2,
      { fitted: name === 'Llama 2 13B' && checkpointing === 'none', tolerance: 0.1 },
    ),
);

/** MPT's sizes (llm-foundry's yamls): MHA, a 4× GELU MLP, a 50,368-token tied vocabulary. */
function mpt(hidden: number, layers: number, heads: number): DecoderSpec {
  return {
    layers,
    hidden,
    heads,
    kvHeads: heads,
    ffn: 4 * hidden,
    vocab: 50_368,
    gated: false,
    tiedEmbeddings: true,
  };
}
const MPT: Readonly<Record<string, DecoderSpec>> = {
  '125m': mpt(768, 12, 12),
  '350m': mpt(1024, 24, 16),
  '760m': mpt(1536, 24, 12),
  '1b': mpt(2048, 24, 16),
  '3b': mpt(2560, 32, 20),
  '7b': mpt(4096, 32, 32),
  '13b': mpt(5120, 40, 40),
  '30b': mpt(7168, 48, 56),
  '70b': mpt(8192, 80, 64),
};

/** Rows of llm-foundry's table: size, sequence, GPUs, micro-batch, accumulation, checkpointing, tokens/s/GPU. */
const FOUNDRY: Readonly<Record<string, string>> = {
  'h100-sxm': `70b 2048 64 8 4 T 1039|70b 2048 32 2 16 T 882|30b 8192 8 1 21 T 1384|30b 4096 8 1 21 T 1802|30b 2048 32 14 3 T 2308|30b 2048 16 10 3 T 2263|30b 2048 8 3 21 T 2002|30b 1024 8 6 21 T 2084|13b 32768 8 1 3 T 1976|13b 16384 8 3 3 T 2985|13b 4096 8 10 3 T 4717|13b 2048 64 2 1 F 4800|13b 2048 8 2 1 F 4792|13b 1024 8 40 3 T 5502|7b 65536 8 1 2 T 1956|7b 32768 8 2 2 T 3318|7b 8192 8 8 2 T 6935|7b 4096 8 16 2 T 8611|7b 2048 8 6 1 F 10643|7b 1024 8 64 2 T 10203|3b 65536 8 1 2 T 3262|3b 8192 8 3 6 F 16578|3b 2048 64 6 3 F 22525|3b 512 8 40 6 F 27965|1b 32768 8 1 4 F 12025|1b 2048 8 14 1 F 45455|1b 512 8 56 4 F 52275|760m 8192 8 6 2 F 41825|760m 512 8 96 2 F 83749`,
  'a100-sxm-80gb': `70b 2048 64 8 4 T 410|30b 8192 8 1 21 T 574|30b 2048 8 3 21 T 916|13b 32768 8 1 3 T 1016|13b 8192 8 5 3 T 1795|13b 2048 8 2 3 F 2262|7b 65536 8 1 2 T 1013|7b 8192 8 8 2 T 3206|7b 2048 8 6 2 F 4641|3b 16384 8 1 6 F 5529|3b 2048 8 10 2 F 10811|1b 32768 8 1 4 F 6275|1b 2048 8 14 4 F 20513|350m 8192 8 8 2 F 36569|125m 65536 8 1 2 F 20368|125m 2048 8 40 2 F 142830|125m 512 8 128 2 F 165681`,
  'a100-sxm-40gb': `70b 2048 128 4 1 T 376|70b 2048 64 2 1 T 276|30b 2048 128 6 1 T 865|13b 8192 8 1 16 T 1407|13b 2048 128 16 1 T 1972|13b 2048 8 4 16 T 1668|7b 16384 8 1 4 T 2249|7b 2048 128 18 1 T 3623|7b 2048 8 12 4 T 3679|3b 8192 8 1 8 F 7149|3b 2048 128 6 1 F 9538`,
};

/** llm-foundry's rows: the fitted H100 row, the rest held out within 45 %. */
export const MPT_TRAINING_ROWS: readonly CalibrationCase[] = Object.entries(FOUNDRY).flatMap(
  ([gpu, table]) =>
    table.split('|').map((row) => {
      const [size, seq, gpus, mb, accum, ac, rate] = row.split(' ') as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const fitted = gpu === 'h100-sxm' && row === '13b 2048 8 2 1 F 4792';
      return trainingCase(
        {
          name: `MPT ${size}`,
          model: MPT[size] as DecoderSpec,
          gpu,
          gpus: Number(gpus),
          seq: Number(seq),
          microBatch: Number(mb),
          gradAccum: Number(accum),
          checkpointing: ac === 'T' ? 'full' : 'none',
          tokensPerSecondPerGpu: Number(rate),
        },
        LLM_FOUNDRY_BENCHMARKS,
        { fitted, tolerance: 0.45 },
      );
    }),
);

/** Every training-at-scale case. */
export const TRAINING_CALIBRATION_CASES: readonly CalibrationCase[] = [
  ...TRAINING_CALIBRATION_ROWS,
  ...MPT_TRAINING_ROWS,
];
