/**
 * What each lever buys: the settings' server with the lever off and on, for the same workload.
 * Five levers: fp8 weights, an fp8 KV cache, twice the tensor-parallel GPUs, CUDA graphs in
 * decode, and speculative decoding (3 drafted tokens, each accepted with chance 0.7). "Off" is
 * the settings' own choice where it is not the lever (int4 weights stay int4), else the 16-bit
 * default; a lever the settings already pull compares against that default. Pure.
 */
import type { ServingPrediction, ServingSetup, ServingWorkload } from '../../engine/models';
import type { ServingEngine } from './engine-port';

/** The speculative decoding the table prices: a 3-token draft, 70 % accepted. */
export const SPECULATIVE_LEVER = { draftTokens: 3, acceptanceRate: 0.7 } as const;

/** One side of a lever: what the engine predicts, or why it cannot. */
export type LeverOutcome =
  | {
      fits: true;
      outputTokensPerSecond: number;
      ttftSeconds: number;
      tpotSeconds: number;
      /** GPUs the server uses (tensor parallel). */
      gpus: number;
    }
  | { fits: false; message: string };

/** The levers, in the table's order. */
export const LEVER_IDS = [
  'fp8-weights',
  'fp8-kv',
  'tp-double',
  'cuda-graphs',
  'speculative',
] as const;
/** One lever. */
export type LeverId = (typeof LEVER_IDS)[number];

/** A lever's row: its name, what it changes here, and both sides. */
export interface LeverRow {
  id: LeverId;
  name: string;
  /** What off and on are for these settings ("bf16 → fp8"). */
  change: string;
  off: LeverOutcome;
  on: LeverOutcome;
}

/** The two setups of a lever, for these settings; null when it cannot apply. */
function sides(id: LeverId, base: ServingSetup): [ServingSetup, ServingSetup, string] {
  const weights = base.weights ?? 'bf16';
  const kv = base.kvCache ?? 'bf16';
  const gpus = base.gpus ?? 1;
  switch (id) {
    case 'fp8-weights': {
      const off = weights === 'fp8' ? 'bf16' : weights;
      return [{ ...base, weights: off }, { ...base, weights: 'fp8' }, `${off} → fp8`];
    }
    case 'fp8-kv': {
      const off = kv === 'fp8' ? 'bf16' : kv;
      return [{ ...base, kvCache: off }, { ...base, kvCache: 'fp8' }, `${off} → fp8`];
    }
    case 'tp-double': {
      const off = gpus >= 8 ? 4 : gpus;
      return [
        { ...base, gpus: off },
        { ...base, gpus: off * 2 },
        `TP ${off} → ${off * 2} (twice the GPUs)`,
      ];
    }
    case 'cuda-graphs':
      return [
        { ...base, cudaGraphs: false },
        { ...base, cudaGraphs: true },
        'eager launches → graph replay',
      ];
    case 'speculative':
      return [
        { ...base, speculative: null },
        { ...base, speculative: { ...SPECULATIVE_LEVER } },
        `none → draft ${SPECULATIVE_LEVER.draftTokens}, ${Math.round(SPECULATIVE_LEVER.acceptanceRate * 100)} % accepted`,
      ];
  }
}

/** Each lever's name in the table. */
export const LEVER_NAMES: Readonly<Record<LeverId, string>> = {
  'fp8-weights': 'fp8 weights',
  'fp8-kv': 'fp8 KV cache',
  'tp-double': 'Tensor parallel ×2',
  'cuda-graphs': 'CUDA graphs',
  speculative: 'Speculative decoding',
};

/** A prediction as a lever's side, or the engine's refusal. */
export function outcomeOf(
  engine: Pick<ServingEngine, 'predict'>,
  setup: ServingSetup,
  workload: ServingWorkload,
): LeverOutcome {
  let prediction: ServingPrediction;
  try {
    prediction = engine.predict(setup, workload);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return { fits: false, message: error.message };
  }
  if (!prediction.fits) return { fits: false, message: 'does not fit in memory' };
  return {
    fits: true,
    outputTokensPerSecond: prediction.outputTokensPerSecond,
    ttftSeconds: prediction.ttftSeconds,
    tpotSeconds: prediction.tpotSeconds,
    gpus: setup.gpus ?? 1,
  };
}

/** Every lever's row for a server and workload. */
export function leverRows(
  engine: Pick<ServingEngine, 'predict'>,
  base: ServingSetup,
  workload: ServingWorkload,
): LeverRow[] {
  return LEVER_IDS.map((id) => {
    const [off, on, change] = sides(id, base);
    return {
      id,
      name: LEVER_NAMES[id],
      change,
      off: outcomeOf(engine, off, workload),
      on: outcomeOf(engine, on, workload),
    };
  });
}
