/**
 * `resnet50`: ResNet-50 v1.5 as torchvision builds it, on one 224×224 RGB image, 1000 classes.
 * Stem: conv 7×7/2 to 64 + BN + ReLU, max pool 3×3/2 (padding 1). Four stages of [3, 4, 6, 3]
 * bottlenecks with widths 64/128/256/512 and expansion 4: 1×1 conv to the width, 3×3 conv
 * (stride 2 here in the first block of stages 2-4: the v1.5 change), 1×1 conv to 4× the width,
 * each followed by BN (and ReLU but the last); the first block of each stage adds a 1×1
 * projection conv + BN on the shortcut; a residual add and a ReLU close every block. Then a
 * global average pool, fc 2048 → 1000, and a softmax cross-entropy when training. Convolutions
 * have no bias (BN follows). `seq` is ignored.
 */
import type { LayerSpec, ZooNetwork } from '../types';
import { defineNetwork, layersAt, type NetworkUse } from './use';

const IMAGE_EDGE = 224;
const STEM_CHANNELS = 64;
/** Bottleneck blocks and width of each stage. */
const STAGES = [
  { blocks: 3, width: 64 },
  { blocks: 4, width: 128 },
  { blocks: 6, width: 256 },
  { blocks: 3, width: 512 },
];
const EXPANSION = 4;
const CLASSES = 1000;

/** A tensor's shape on the way through: channels and a square edge. */
interface Shape {
  channels: number;
  edge: number;
}

/** A convolution (no bias) from `input`, its BN, and optionally a ReLU; returns its output. */
function convBn(
  layers: LayerSpec[],
  names: { conv: string; bn: string; relu?: string },
  input: Shape,
  outChannels: number,
  kernel: number,
  stride: number,
): Shape {
  const padding = Math.floor(kernel / 2);
  const edge = Math.floor((input.edge + 2 * padding - kernel) / stride) + 1;
  layers.push({
    type: 'conv2d',
    name: names.conv,
    inChannels: input.channels,
    outChannels,
    kernel,
    stride,
    padding,
    inHeight: input.edge,
    inWidth: input.edge,
  });
  layers.push({
    type: 'batchnorm2d',
    name: names.bn,
    channels: outChannels,
    height: edge,
    width: edge,
  });
  const elements = outChannels * edge * edge;
  if (names.relu) layers.push({ type: 'activation', name: names.relu, fn: 'relu', elements });
  return { channels: outChannels, edge };
}

/** One bottleneck block (`prefix` such as `layer2.0`); returns its output shape. */
function bottleneck(
  layers: LayerSpec[],
  prefix: string,
  input: Shape,
  width: number,
  stride: number,
): Shape {
  const n = (part: string) => `${prefix}.${part}`;
  const a = convBn(
    layers,
    { conv: n('conv1'), bn: n('bn1'), relu: n('relu1') },
    input,
    width,
    1,
    1,
  );
  const b = convBn(
    layers,
    { conv: n('conv2'), bn: n('bn2'), relu: n('relu2') },
    a,
    width,
    3,
    stride,
  );
  const out = convBn(layers, { conv: n('conv3'), bn: n('bn3') }, b, width * EXPANSION, 1, 1);
  if (stride !== 1 || input.channels !== out.channels) {
    const names = { conv: n('downsample.0'), bn: n('downsample.1') };
    convBn(layers, names, input, out.channels, 1, stride);
  }
  const elements = out.channels * out.edge * out.edge;
  layers.push({ type: 'residual-add', name: n('add'), elements });
  layers.push({ type: 'activation', name: n('relu'), fn: 'relu', elements });
  return out;
}

/** ResNet-50 v1.5's layers for one 224×224 image. */
function resnet50Layers(use: NetworkUse): LayerSpec[] {
  const layers: LayerSpec[] = [];
  const image: Shape = { channels: 3, edge: IMAGE_EDGE };
  const stem = convBn(
    layers,
    { conv: 'conv1', bn: 'bn1', relu: 'relu' },
    image,
    STEM_CHANNELS,
    7,
    2,
  );
  const pooledEdge = Math.floor((stem.edge + 2 - 3) / 2) + 1;
  layers.push({
    type: 'maxpool2d',
    name: 'maxpool',
    channels: stem.channels,
    inHeight: stem.edge,
    inWidth: stem.edge,
    kernel: 3,
    stride: 2,
    padding: 1,
  });
  let shape: Shape = { channels: stem.channels, edge: pooledEdge };
  STAGES.forEach(({ blocks, width }, stage) => {
    for (let block = 0; block < blocks; block += 1) {
      const stride = stage > 0 && block === 0 ? 2 : 1;
      shape = bottleneck(layers, `layer${stage + 1}.${block}`, shape, width, stride);
    }
  });
  layers.push({
    type: 'global-avgpool',
    name: 'avgpool',
    channels: shape.channels,
    height: shape.edge,
    width: shape.edge,
  });
  const head = layersAt('');
  layers.push(head.linear('fc', shape.channels, CLASSES));
  if (use.training) layers.push(head.loss('loss', CLASSES));
  return layers;
}

/** ResNet-50 v1.5 on ImageNet (224×224, 1000 classes). */
export const RESNET50: ZooNetwork = defineNetwork(
  {
    id: 'resnet50',
    name: 'ResNet-50 v1.5',
    family: 'cnn',
    publishedParams: {
      value: 25_557_032,
      source: 'torchvision ResNet50_Weights.IMAGENET1K_V1 metadata, num_params 25,557,032',
    },
    defaultSeq: 1,
    maxSeq: null,
  },
  resnet50Layers,
);
