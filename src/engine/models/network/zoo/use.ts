/**
 * Checks a zoo network's `BuildOptions` and resolves them into the shapes its layers take: how
 * many rows (tokens) each per-position layer processes, and how many keys attention reads.
 * `seq` must be a whole number up to the network's `maxSeq` (networks without a sequence
 * accept any and ignore it). `phase` 'prefill' and 'decode' belong to decoder language models
 * at inference only; 'forward' (the whole sequence) is accepted everywhere. Decoding is one
 * new token per sample (tokens 1, queries 1) reading a cache of `seq` keys.
 */
import { requireOneOf, requirePositiveInteger } from '../../validate';
import type { BuildOptions, LayerSpec, ZooNetwork } from '../types';

/** The shapes one build of a zoo network uses. */
export interface NetworkUse {
  /** True when building for training (loss and pretraining heads included). */
  training: boolean;
  /** True when decoding one token against a cache. */
  decode: boolean;
  /** The sequence length asked for (prompt length, or cache length when decoding). */
  seq: number;
  /** Rows each per-position layer processes per sample: `seq`, or 1 when decoding. */
  tokens: number;
  /** Key positions attention reads per sample: `seq`. */
  keys: number;
}

const MODES = ['train', 'inference'] as const;
const PHASES = ['forward', 'prefill', 'decode'] as const;

/** Checks `options` for `network` and returns the shapes its layers take. */
export function resolveUse(
  network: Pick<ZooNetwork, 'id' | 'family' | 'maxSeq'>,
  options: BuildOptions,
): NetworkUse {
  if (typeof options !== 'object' || options === null) {
    throw new RangeError(`${network.id}: build options must be an object`);
  }
  const { seq, mode, phase } = options;
  requirePositiveInteger(`${network.id}: seq`, seq);
  if (network.maxSeq !== null && seq > network.maxSeq) {
    throw new RangeError(
      `${network.id}: seq must be at most ${network.maxSeq} (its position table), got ${seq}`,
    );
  }
  requireOneOf(`${network.id}: mode`, mode, MODES);
  if (phase !== undefined) {
    requireOneOf(`${network.id}: phase`, phase, PHASES);
    if (phase !== 'forward' && (network.family !== 'decoder' || mode !== 'inference')) {
      throw new RangeError(
        `${network.id}: phase "${phase}" is for decoder language models at inference only`,
      );
    }
  }
  const decode = phase === 'decode';
  return { training: mode === 'train', decode, seq, tokens: decode ? 1 : seq, keys: seq };
}

/** A zoo network from its description and a function from resolved shapes to its layers. */
export function defineNetwork(
  meta: Omit<ZooNetwork, 'build'>,
  layersFor: (use: NetworkUse) => LayerSpec[],
): ZooNetwork {
  return { ...meta, build: (options) => layersFor(resolveUse(meta, options)) };
}
