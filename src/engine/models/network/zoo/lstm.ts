/**
 * `lstm-2x1024`: a sequence classifier, two stacked LSTM layers (input 1024, hidden 1024) over
 * `seq` time steps of 1024-feature inputs, a linear 1024 → 10 on the last step's hidden state,
 * and a softmax cross-entropy over the 10 classes when training.
 */
import type { LayerSpec, ZooNetwork } from '../types';
import { defineNetwork, layersAt, type NetworkUse } from './use';

const FEATURES = 1024;
const HIDDEN = 1024;
const LSTM_LAYERS = 2;
const CLASSES = 10;

/** Two stacked LSTMs of 1024 and a 10-way classifier. */
export const LSTM_2X1024: ZooNetwork = defineNetwork(
  {
    id: 'lstm-2x1024',
    name: 'LSTM classifier (2 × 1024)',
    family: 'rnn',
    publishedParams: {
      value: 16_803_850,
      source:
        'no paper: counted from PyTorch nn.LSTM (weight_ih 4H×I, weight_hh 4H×H, bias_ih and ' +
        'bias_hh 4H per layer) and nn.Linear(1024, 10)',
    },
    defaultSeq: 100,
    maxSeq: null,
  },
  (use: NetworkUse) => {
    const layers: LayerSpec[] = [];
    for (let i = 0; i < LSTM_LAYERS; i += 1) {
      layers.push({
        type: 'lstm',
        name: `lstm.${i}`,
        inputSize: i === 0 ? FEATURES : HIDDEN,
        hiddenSize: HIDDEN,
        steps: use.seq,
      });
    }
    const head = layersAt('');
    layers.push(head.linear('fc', HIDDEN, CLASSES));
    if (use.training) layers.push(head.loss('loss', CLASSES));
    return layers;
  },
);
