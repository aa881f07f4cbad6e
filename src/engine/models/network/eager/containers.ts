/**
 * The container modules a network's forward calls besides its leaf layers, as the libraries
 * write them: a torchvision ResNet calls itself, four stage Sequentials, every Bottleneck and
 * the four downsample Sequentials; a Hugging Face BERT calls six modules with a forward of their
 * own per encoder layer (BertLayer, BertAttention, BertSdpaSelfAttention, BertSelfOutput,
 * BertIntermediate, BertOutput) and eight around them; GPT-2 and Llama three per block
 * (block, attention, MLP) and three around them. A learner's own layer list is one container.
 * Blocks are counted from the layer names the zoo gives. Pure.
 */
import type { LayerCost, ZooNetwork } from '../types';
import type { Containers } from './host';

/** The block a layer name belongs to (`encoder.layer.3`, `h.7`, `layers.2`, `layer2.1`). */
const BLOCK = /^(encoder\.layer\.\d+|h\.\d+|layers\.\d+|layer\d+\.\d+)\./;

/** Distinct blocks among the layer names. */
function blocks(layers: readonly LayerCost[]): number {
  const seen = new Set<string>();
  for (const layer of layers) {
    const match = BLOCK.exec(layer.name);
    if (match?.[1]) seen.add(match[1]);
  }
  return seen.size;
}

/** The containers of a zoo network (by family) or of a learner's list (null). */
export function containersOf(
  network: Pick<ZooNetwork, 'family'> | null,
  layers: readonly LayerCost[],
): Containers {
  const n = blocks(layers);
  switch (network?.family) {
    case 'cnn': {
      const stages = new Set(layers.map((l) => /^layer(\d+)\./.exec(l.name)?.[1]).filter(Boolean));
      const downsamples = layers.filter((l) => /\.downsample\.0$/.test(l.name)).length;
      return { torch: 1 + stages.size + n + downsamples, hf: 0 };
    }
    case 'encoder':
      return { torch: 0, hf: 6 * n + 8 };
    case 'decoder':
      return { torch: 0, hf: 3 * n + 3 };
    default:
      return { torch: 1, hf: 0 };
  }
}
