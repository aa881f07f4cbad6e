import { describe, expect, it } from 'vitest';
import { analyzeNetwork } from '../layers';
import { parsePrintedModel } from './parse-printed-model';
import { fixture } from './testing/fixtures';
import type { PrintedModelInput } from './types';

/** A one-level `Sequential` of `modules`, printed. */
function sequential(...modules: string[]): string {
  return ['Sequential(', ...modules.map((m, i) => `  (${i}): ${m}`), ')'].join('\n');
}

const SEQ: PrintedModelInput = { mode: 'inference', seq: 100 };
const IMAGE: PrintedModelInput = {
  mode: 'inference',
  image: { channels: 32, height: 14, width: 14 },
};

describe('parsePrintedModel conventions a repr does not show', () => {
  it('reads older GPT-2 reprs whose Conv1D prints no sizes, with the same count', () => {
    const old = fixture('gpt2').replace(/Conv1D\(nf=\d+, nx=\d+\)/g, 'Conv1D()');
    const result = parsePrintedModel(old, { mode: 'train', seq: 128 });
    expect(result.params).toBe(124_439_808);
    expect(result.notes.join('\n')).toMatch(/Conv1D\(\) prints no sizes/);
  });

  it("runs a BertForSequenceClassification's classifier on the pooled token", () => {
    const lines = fixture('bert-base-pretraining').split('\n');
    const heads = lines.findIndex((line) => line.startsWith('  (cls)'));
    const text = [
      'BertForSequenceClassification(',
      ...lines.slice(1, heads),
      '  (dropout): Dropout(p=0.1, inplace=False)',
      '  (classifier): Linear(in_features=768, out_features=2, bias=True)',
      ')',
    ].join('\n');
    const { layers, params } = parsePrintedModel(text, { mode: 'train', seq: 128 });
    // bert-base-uncased with a 2-way head: 109,482,240 + 768·2 + 2.
    expect(params).toBe(109_483_778);
    expect(layers.slice(-3)).toEqual([
      { type: 'dropout', name: 'dropout', elements: 768 },
      { type: 'linear', name: 'classifier', inFeatures: 768, outFeatures: 2, bias: true },
      { type: 'softmax-cross-entropy', name: 'loss', classes: 2 },
    ]);
  });

  it('expands a bidirectional GRU per layer and direction, and counts an RNN it cannot model', () => {
    const gru = 'GRU(128, 256, num_layers=2, batch_first=True, bidirectional=True)';
    const { layers, params } = parsePrintedModel(sequential(gru), SEQ);
    expect(layers.map((l) => [l.name, l.type === 'gru' ? l.inputSize : 0])).toEqual([
      ['0.l0', 128],
      ['0.l0_reverse', 128],
      ['0.l1', 512],
      ['0.l1_reverse', 512],
    ]);
    // 2 directions × (3·256·(128 + 256) + 6·256 + 3·256·(512 + 256) + 6·256).
    expect(params).toBe(1_775_616);
    const rnn = parsePrintedModel(
      sequential('RNN(10, 20)', 'Linear(in_features=20, out_features=2, bias=True)'),
      SEQ,
    );
    expect(rnn.params).toBe(20 * 30 + 40 + 42);
    expect(rnn.unused[0]).toMatchObject({
      line: 2,
      reason: expect.stringMatching(/nn.RNN is not modelled/),
    });
    expect(rnn.layers).toHaveLength(1);
  });

  it('keeps FLOPs and parameters of grouped, rectangular and 1-D convolutions', () => {
    const depthwise =
      'Conv2d(32, 32, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1), groups=32, bias=False)';
    const rectangular = 'Conv2d(32, 8, kernel_size=(1, 7), stride=(1, 1), padding=(0, 3))';
    const dilated =
      'Conv2d(8, 8, kernel_size=(3, 3), stride=(1, 1), padding=(2, 2), dilation=(2, 2))';
    const { layers, params } = parsePrintedModel(
      sequential(depthwise, rectangular, dilated),
      IMAGE,
    );
    expect(params).toBe(32 * 9 + (8 * 32 * 7 + 8) + (8 * 8 * 9 + 8));
    expect(layers[0]).toMatchObject({ type: 'conv2d', inChannels: 1, outChannels: 32, kernel: 3 });
    expect(layers[1]).toMatchObject({ type: 'linear', inFeatures: 224, tokens: 196 });
    expect(layers[2]).toMatchObject({ type: 'linear', inFeatures: 72, tokens: 196 });
    expect(analyzeNetwork(layers).totals.params).toBe(params);
    const conv1d = 'Conv1d(64, 128, kernel_size=(3,), stride=(2,), padding=(1,))';
    const seq = parsePrintedModel(sequential(conv1d, 'ReLU()'), SEQ);
    expect(seq.layers).toEqual([
      { type: 'linear', name: '0', inFeatures: 192, outFeatures: 128, bias: true, tokens: 50 },
      { type: 'activation', name: '1', fn: 'relu', elements: 6400 },
    ]);
  });

  it('follows pools: adaptive to a divisor, to the same size, and ceil mode', () => {
    const modules = [
      'MaxPool2d(kernel_size=3, stride=2, padding=0, dilation=1, ceil_mode=True)',
      'AdaptiveAvgPool2d(output_size=(7, 7))',
      'AdaptiveAvgPool2d(output_size=7)',
      'AdaptiveMaxPool2d(output_size=(1, 1))',
      'Flatten(start_dim=1, end_dim=-1)',
      'Linear(in_features=32, out_features=10, bias=True)',
    ];
    const { layers } = parsePrintedModel(sequential(...modules), IMAGE);
    expect(layers.map((l) => l.type)).toEqual(['maxpool2d', 'maxpool2d', 'linear']);
    const patches = ['Flatten(start_dim=2, end_dim=-1)', 'LayerNorm((32,), eps=1e-05)'];
    const tokens = parsePrintedModel(sequential(...patches), IMAGE);
    expect(tokens.layers[0]).toEqual({ type: 'layernorm', name: '1', features: 32, tokens: 196 });
    const pooled = parsePrintedModel(sequential(modules[1] ?? ''), IMAGE);
    expect(pooled.layers[0]).toMatchObject({ type: 'avgpool2d', kernel: 2, stride: 2 });
    const image = { channels: 32, height: 16, width: 16 };
    const uneven = parsePrintedModel(sequential(modules[1] ?? '', 'ReLU()'), {
      mode: 'train',
      image,
    });
    expect(uneven.unused[0]?.reason).toMatch(/does not divide its input evenly/);
    expect(uneven.layers[0]).toMatchObject({ type: 'activation', elements: 32 * 49 });
  });

  it('leaves an unknown module unused and passes its input on', () => {
    const { layers, unused } = parsePrintedModel(
      sequential(
        'Linear(in_features=8, out_features=8, bias=True)',
        'Softmax(dim=-1)',
        'MyLayer(7)',
        'LlamaRMSNorm()',
      ),
      { mode: 'inference' },
    );
    expect(unused.map((u) => [u.line, u.reason])).toEqual([
      [3, 'Softmax is not a module the parser knows; not modelled, its input passed on unchanged'],
      [4, 'MyLayer is not a module the parser knows; not modelled, its input passed on unchanged'],
    ]);
    expect(layers[1]).toEqual({ type: 'rmsnorm', name: '3', features: 8 });
  });

  it('names a child a known block has no place for', () => {
    const text = fixture('resnet50').replace(
      '      (relu): ReLU(inplace=True)\n      (downsample)',
      '      (relu): ReLU(inplace=True)\n      (se): SqueezeExcite(64)\n      (downsample)',
    );
    const input = { mode: 'inference', image: { channels: 3, height: 64, width: 64 } } as const;
    const { unused } = parsePrintedModel(text, input);
    expect(unused).toEqual([
      {
        line: 15,
        text: '(se): SqueezeExcite(64)',
        reason: 'Bottleneck has no place for this module in its known order',
      },
    ]);
  });

  it('reads a bare module, a wrapper and an empty container', () => {
    const bare = parsePrintedModel('Linear(in_features=3, out_features=4, bias=False)', {
      mode: 'inference',
    });
    expect(bare.layers).toEqual([
      { type: 'linear', name: 'Linear', inFeatures: 3, outFeatures: 4, bias: false },
    ]);
    const wrapped = parsePrintedModel(
      `DistributedDataParallel(\n  (module): ${fixture('gpt2').replace(/\n/g, '\n  ')}\n)`,
      { mode: 'inference', seq: 32 },
    );
    expect(wrapped.model).toBe('GPT2LMHeadModel');
    expect(wrapped.layers.at(-1)).toMatchObject({ name: 'module.lm_head', tiedWeights: true });
    const empty = parsePrintedModel(
      sequential('Embedding(10, 4)', 'Identity()', 'Sequential()', 'Tanh()'),
      { mode: 'inference', seq: 3 },
    );
    expect(empty.layers.map((l) => l.type)).toEqual(['embedding', 'activation']);
    expect(empty.unused).toEqual([]);
  });
});
