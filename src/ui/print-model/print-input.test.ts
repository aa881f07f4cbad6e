import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINT_SIZES, parameterPhrase, printedModelInput, printNeeds } from './print-input';

describe('printNeeds', () => {
  it('asks for the image of a network with 2-D image layers, even with attention after it', () => {
    expect(printNeeds('ResNet(\n  (conv1): Conv2d(3, 64, kernel_size=(7, 7))')).toEqual({
      image: true,
      seq: false,
    });
    expect(
      printNeeds('VisionTransformer(\n (conv_proj): Conv2d(3, 768)\n (x): MultiheadAttention('),
    ).toEqual({ image: true, seq: false });
  });
  it('asks for the sequence of embeddings, attention and recurrent layers', () => {
    expect(printNeeds('(wte): Embedding(50257, 768)').seq).toBe(true);
    expect(printNeeds('(rnn): LSTM(128, 256, batch_first=True)').seq).toBe(true);
    expect(printNeeds('TransformerEncoderLayer(').seq).toBe(true);
  });
  it('asks for neither for a flat network', () => {
    expect(printNeeds('Sequential(\n  (0): Linear(in_features=784, out_features=512)\n)')).toEqual({
      image: false,
      seq: false,
    });
  });
});

describe('printedModelInput', () => {
  it('gives only the sizes the text needs', () => {
    expect(printedModelInput('Conv2d(3, 8, 3)', DEFAULT_PRINT_SIZES, 'train')).toEqual({
      mode: 'train',
      image: { channels: 3, height: 224, width: 224 },
    });
    expect(printedModelInput('Embedding(10, 4)', DEFAULT_PRINT_SIZES, 'inference')).toEqual({
      mode: 'inference',
      seq: 512,
    });
    expect(
      printedModelInput('Linear(in_features=4, out_features=2)', DEFAULT_PRINT_SIZES, 'train'),
    ).toEqual({ mode: 'train' });
  });
});

describe('parameterPhrase', () => {
  it('formats the count with separators', () => {
    expect(parameterPhrase(25_557_032)).toBe('25,557,032 parameters');
    expect(parameterPhrase(1)).toBe('1 parameter');
  });
});

describe('the ResNet-50 example', () => {
  it("is the engine's fixture, word for word", () => {
    const read = (path: string) => readFileSync(path, 'utf8');
    expect(read('src/ui/print-model/resnet50-example.txt')).toBe(
      read('src/engine/models/network/print-model/fixtures/resnet50.txt'),
    );
  });
});
