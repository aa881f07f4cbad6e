/**
 * `mlp-mnist`: the classic MNIST multilayer perceptron, 784 → 512 → 512 → 10 with ReLU after
 * each hidden layer, and a softmax cross-entropy over the 10 digits when training. A sample is
 * one 28×28 image; `seq` is ignored.
 */
import type { LayerSpec, ZooNetwork } from '../types';
import { defineNetwork, layersAt, type NetworkUse } from './use';

/** Hidden widths of the MNIST MLP. */
const HIDDEN = [512, 512];
const PIXELS = 28 * 28;
const DIGITS = 10;

/** The MNIST MLP (784-512-512-10). */
export const MLP_MNIST: ZooNetwork = defineNetwork(
  {
    id: 'mlp-mnist',
    name: 'MLP on MNIST (784-512-512-10)',
    family: 'mlp',
    publishedParams: {
      value: 669_706,
      source: 'Keras example mnist_mlp.py, model.summary(): "Total params: 669,706"',
    },
    defaultSeq: 1,
    maxSeq: null,
  },
  (use: NetworkUse) => {
    const layers: LayerSpec[] = [];
    const at = layersAt('');
    let width = PIXELS;
    HIDDEN.forEach((hidden, i) => {
      layers.push(
        at.linear(`fc${i + 1}`, width, hidden),
        at.activation(`relu${i + 1}`, 'relu', hidden),
      );
      width = hidden;
    });
    layers.push(at.linear('fc3', width, DIGITS));
    if (use.training) layers.push(at.loss('loss', DIGITS));
    return layers;
  },
);
