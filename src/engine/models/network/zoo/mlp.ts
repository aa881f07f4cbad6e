/**
 * `mlp-mnist`: the classic MNIST multilayer perceptron, 784 → 512 → 512 → 10 with ReLU after
 * each hidden layer, and a softmax cross-entropy over the 10 digits when training. A sample is
 * one 28×28 image; `seq` is ignored.
 */
import type { LayerSpec, ZooNetwork } from '../types';
import { defineNetwork, type NetworkUse } from './use';

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
    let width = PIXELS;
    HIDDEN.forEach((hidden, i) => {
      layers.push({ type: 'linear', name: `fc${i + 1}`, inFeatures: width, outFeatures: hidden });
      layers.push({ type: 'activation', name: `relu${i + 1}`, fn: 'relu', elements: hidden });
      width = hidden;
    });
    layers.push({ type: 'linear', name: 'fc3', inFeatures: width, outFeatures: DIGITS });
    if (use.training) layers.push({ type: 'softmax-cross-entropy', name: 'loss', classes: DIGITS });
    return layers;
  },
);
