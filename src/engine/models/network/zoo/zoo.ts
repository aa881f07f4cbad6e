/** The zoo: every ready-made network by id. */
import type { ZooNetwork } from '../types';
import { BERT_BASE, BERT_LARGE } from './bert';
import { GPT2_124M, GPT2_1_5B } from './gpt2';
import { LLAMA2_7B_NETWORK, LLAMA31_NETWORKS } from './llama';
import { LSTM_2X1024 } from './lstm';
import { MLP_MNIST } from './mlp';
import { RESNET50 } from './resnet';

const NETWORKS: readonly ZooNetwork[] = [
  MLP_MNIST,
  RESNET50,
  BERT_BASE,
  BERT_LARGE,
  GPT2_124M,
  GPT2_1_5B,
  LLAMA2_7B_NETWORK,
  ...LLAMA31_NETWORKS,
  LSTM_2X1024,
];

/** Every zoo network's id, in a fixed order. */
export const ZOO_IDS: readonly string[] = NETWORKS.map((network) => network.id);

/** Every zoo network, in the order of `ZOO_IDS`. */
export function listZooNetworks(): readonly ZooNetwork[] {
  return NETWORKS;
}

/** The zoo network with this id; an unknown id is a RangeError listing the ids. */
export function getZooNetwork(id: string): ZooNetwork {
  const network = NETWORKS.find((candidate) => candidate.id === id);
  if (network === undefined) {
    const shown = typeof id === 'string' ? JSON.stringify(id) : String(id);
    throw new RangeError(`unknown network ${shown}; the zoo has ${ZOO_IDS.join(', ')}`);
  }
  return network;
}
