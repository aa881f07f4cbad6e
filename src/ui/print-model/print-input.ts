/**
 * What a pasted `print(model)` needs beside its text: a repr shows the layers but not the input,
 * so the learner gives the image size (for a network with 2-D image layers) or the sequence length
 * (for one with embeddings, attention or recurrent layers); a flat network (an MLP) needs neither.
 * Which applies is read from the text's layer names, so the inputs shown match what the engine's
 * parser asks for. Pure.
 */
import type { PrintedModelInput } from '../../engine/models';

/** The sizes the learner gives for a pasted model (each used only where it applies). */
export interface PrintSizes {
  channels: number;
  height: number;
  width: number;
  /** Tokens (or time steps) per sample. */
  seq: number;
}

/** ImageNet's 3 × 224 × 224 and a 512-token sequence. */
export const DEFAULT_PRINT_SIZES: PrintSizes = { channels: 3, height: 224, width: 224, seq: 512 };

/** The largest image side and channel count offered (the parser's own limits). */
export const PRINT_SIZE_LIMITS = {
  channels: 4096,
  side: 16384,
  seq: 2_097_152,
} as const;

/** Which of the sizes a text's layers need. */
export interface PrintNeeds {
  image: boolean;
  seq: boolean;
}

/** A layer that reads an image: a 2-D (or 3-D) convolution, pooling or batch norm. */
const IMAGE_LAYER = /\b(?:Conv[23]d|(?:Max|Avg|AdaptiveAvg|AdaptiveMax)Pool2d|BatchNorm2d)\(/;
/** A layer that reads a sequence: an embedding, attention, a recurrent or transformer layer. */
const SEQUENCE_LAYER = /\b\w*(?:Embedding|Attention|LSTM|GRU|RNN|Transformer\w*)\(/;

/**
 * Which sizes the text needs: the image when it has image layers (a vision transformer reads an
 * image and makes its own tokens), otherwise the sequence when it has sequence layers.
 */
export function printNeeds(text: string): PrintNeeds {
  const image = IMAGE_LAYER.test(text);
  return { image, seq: !image && SEQUENCE_LAYER.test(text) };
}

/** The parser's input for a text, the learner's sizes and training or inference. */
export function printedModelInput(
  text: string,
  sizes: PrintSizes,
  mode: 'train' | 'inference',
): PrintedModelInput {
  const needs = printNeeds(text);
  return {
    mode,
    ...(needs.image
      ? { image: { channels: sizes.channels, height: sizes.height, width: sizes.width } }
      : {}),
    ...(needs.seq ? { seq: sizes.seq } : {}),
  };
}

/** The parameter count as a phrase: "25,557,032 parameters". */
export function parameterPhrase(params: number): string {
  const count = Math.round(params).toLocaleString('en-US');
  return `${count} ${params === 1 ? 'parameter' : 'parameters'}`;
}
