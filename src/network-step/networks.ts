/**
 * The networks a modeled step may name: the engine's zoo, and the learner's own layers (built in
 * the memory simulator's builder, or a pasted `print(model)`), and what a step needs to know of
 * them: whether the network takes a sequence, its length when the setting says "its own", and
 * what the length is called. Pure.
 */
import { getZooNetwork, ZOO_IDS, type InferencePhase, type ZooNetwork } from '../engine/models';

/** The network value that stands for the learner's own layer list (the memory simulator's builder). */
export const CUSTOM_NETWORK = 'custom';

/** The network value that stands for a pasted `print(model)`. */
export const PRINT_NETWORK = 'print';

/** A network of the learner's own. */
export type LearnerNetwork = typeof CUSTOM_NETWORK | typeof PRINT_NETWORK;

/** How each of the learner's own networks reads in a picker, after the zoo's networks. */
export const LEARNER_NETWORK_NAMES: Readonly<Record<LearnerNetwork, string>> = {
  custom: 'Your own layers (builder)',
  print: 'Paste print(model)',
};

/** How a network a setting may name reads in a picker: the zoo's name, or the learner's own. */
export function networkName(network: string): string {
  return isLearnerNetwork(network)
    ? LEARNER_NETWORK_NAMES[network as LearnerNetwork]
    : getZooNetwork(network).name;
}

/** Every network a widget offering `learner` networks may name: the zoo, then those. */
export function networkChoices(learner: readonly LearnerNetwork[] = []): readonly string[] {
  return [...ZOO_IDS, ...learner];
}

/** Whether a setting names the learner's own layers (built or pasted), not a zoo network. */
export function isLearnerNetwork(network: string): boolean {
  return network === CUSTOM_NETWORK || network === PRINT_NETWORK;
}

/** The zoo network a setting names, or null for the learner's own layers. */
export function zooNetworkOf(network: string): ZooNetwork | null {
  return isLearnerNetwork(network) ? null : getZooNetwork(network);
}

/** Whether a zoo network takes a sequence length (encoders, decoders, recurrent networks). */
export function hasSequence(network: ZooNetwork): boolean {
  return network.family === 'encoder' || network.family === 'decoder' || network.family === 'rnn';
}

/** Whether a network's layers include attention (a sequence sweep applies). */
export function hasAttention(network: ZooNetwork): boolean {
  return network.family === 'encoder' || network.family === 'decoder';
}

/**
 * The sequence length a step uses: the setting, or the network's own when it is 0; none for a
 * network without a sequence or the learner's own layers (which already hold their length).
 */
export function effectiveSeq(network: string, seq: number): number | undefined {
  const zoo = zooNetworkOf(network);
  if (!zoo || !hasSequence(zoo)) return undefined;
  return seq === 0 ? zoo.defaultSeq : seq;
}

/** The longest sequence a network takes (its position table), or null when it sets none. */
export function maxSeqOf(network: string): number | null {
  return zooNetworkOf(network)?.maxSeq ?? null;
}

/**
 * What the sequence setting counts for a network: time steps for a recurrent one, the cached
 * positions when a decoder decodes (one new token reading them), null for the field's own
 * label (sequence length).
 */
export function sequenceName(
  network: ZooNetwork,
  phase: InferencePhase = 'forward',
): string | null {
  if (network.family === 'rnn') return 'Time steps';
  if (network.family === 'decoder' && phase === 'decode') return 'Cached positions';
  return null;
}
