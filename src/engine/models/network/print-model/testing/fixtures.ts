/**
 * The printed models the tests read (fixtures/*.txt) and PyTorch's parameter count of each,
 * with where the count comes from. The first three were printed and counted by PyTorch on the
 * H200 machine (shared/data/h200-2026-11-26/print-param-counts.json); the others are written
 * in PyTorch's repr style from torch, torchvision and transformers, their counts published or
 * worked out from PyTorch's parameter shapes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PrintedModelInput } from '../types';

/** The text of `fixtures/<name>.txt`. */
export function fixture(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../fixtures/${name}.txt`, import.meta.url)), 'utf8');
}

const IMAGENET = { channels: 3, height: 224, width: 224 };
const MNIST = { channels: 1, height: 28, width: 28 };

/** A fixture, the input it is read with, PyTorch's count and its source. */
export interface PrintedCase {
  name: string;
  input: PrintedModelInput;
  params: number;
  source: string;
}

/** Every fixture with PyTorch's parameter count. */
export const PRINTED_CASES: readonly PrintedCase[] = [
  {
    name: 'resnet50',
    input: { mode: 'train', image: IMAGENET },
    params: 25_557_032,
    source: 'PyTorch on the H200 (print-param-counts.json); torchvision publishes the same',
  },
  {
    name: 'bert-base-pretraining',
    input: { mode: 'train', seq: 128 },
    params: 110_106_428,
    source: 'PyTorch on the H200 (print-param-counts.json)',
  },
  {
    name: 'mlp',
    input: { mode: 'train', image: MNIST },
    params: 669_706,
    source: 'PyTorch on the H200 (print-param-counts.json)',
  },
  {
    name: 'gpt2',
    input: { mode: 'train', seq: 1024 },
    params: 124_439_808,
    source: 'transformers GPT2LMHeadModel("gpt2").num_parameters()',
  },
  {
    name: 'transformer-encoder-layer',
    input: { mode: 'train', seq: 128 },
    params: 7_087_872,
    source:
      'nn.TransformerEncoderLayer(768, 12, 3072): in_proj 3·768² + 2304, out_proj, FFN, norms',
  },
  {
    name: 'resnet18',
    input: { mode: 'train', image: IMAGENET },
    params: 11_689_512,
    source: 'torchvision ResNet18_Weights.IMAGENET1K_V1 metadata, num_params',
  },
  {
    name: 'vit-b-16',
    input: { mode: 'train', image: IMAGENET },
    params: 86_567_656,
    source: 'torchvision ViT_B_16_Weights.IMAGENET1K_V1 metadata, num_params',
  },
  {
    name: 'cnn',
    input: { mode: 'train', image: MNIST },
    params: 421_770,
    source: 'by shape: 32·9 + 32, 64·32·9 + 64, 2·64, 3136·128 + 128, 128·10 + 10',
  },
  {
    name: 'lstm-classifier',
    input: { mode: 'train', seq: 100 },
    params: 6_240_773,
    source:
      'by shape: 10000·256; nn.LSTM 4H(I + H) + 8H per layer (1,576,960 + 2,101,248); 512·5 + 5',
  },
  {
    name: 'tinyllama',
    input: { mode: 'train', seq: 2048 },
    params: 1_100_048_384,
    source: 'TinyLlama-1.1B (transformers LlamaForCausalLM num_parameters())',
  },
  {
    name: 'llama2-7b-block',
    input: { mode: 'train', seq: 4096 },
    params: 202_383_360,
    source:
      'one Llama 2 7B decoder layer: 4·4096² + 3·4096·11008 + 2·4096 (7B is 32 of them + 2·32000·4096 + 4096)',
  },
];
