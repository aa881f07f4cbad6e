/**
 * A decoder spec typed into a form field by field (the serving simulator and the layout planner
 * both take one), declared once: keys, labels, limits, and Llama 3.1 8B's sizes as defaults.
 */
import { getServingModel } from '../engine/models';
import { booleanField, integerField } from '../state/schema';

const LLAMA = getServingModel('llama3.1-8b').spec;

/** The fields of a decoder spec, read when a widget's model is the learner's own spec. */
export function decoderSpecFields() {
  return {
    layers: integerField({
      key: 'layers',
      label: 'Layers',
      default: LLAMA.layers,
      min: 1,
      max: 1024,
    }),
    hidden: integerField({
      key: 'hidden',
      label: 'Hidden size',
      default: LLAMA.hidden,
      min: 1,
      max: 65_536,
    }),
    heads: integerField({
      key: 'heads',
      label: 'Attention heads',
      default: LLAMA.heads,
      min: 1,
      max: 1024,
    }),
    kvHeads: integerField({
      key: 'kvheads',
      label: 'Key/value heads',
      default: LLAMA.kvHeads,
      min: 1,
      max: 1024,
    }),
    ffn: integerField({
      key: 'ffn',
      label: 'MLP width',
      formLabel: 'MLP inner width (ffn)',
      default: LLAMA.ffn,
      min: 1,
      max: 262_144,
    }),
    vocab: integerField({
      key: 'vocab',
      label: 'Vocabulary',
      default: LLAMA.vocab,
      min: 1,
      max: 1_048_576,
    }),
    gated: booleanField({
      key: 'gated',
      label: 'Gated MLP',
      formLabel: 'Gated MLP (SwiGLU: gate, up and down matrices)',
      default: LLAMA.gated,
    }),
    tiedEmbeddings: booleanField({
      key: 'tied',
      label: 'Tied embeddings',
      formLabel: 'Output layer shares the token embedding',
      default: LLAMA.tiedEmbeddings,
    }),
  };
}
