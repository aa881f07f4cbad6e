import { describe, expect, it } from 'vitest';
import { analyzeNetwork } from '../layers';
import { getZooNetwork } from '../zoo/zoo';
import { parsePrintedModel } from './parse-printed-model';
import { fixture, PRINTED_CASES } from './testing/fixtures';

describe('parsePrintedModel on printed models with known parameter counts', () => {
  for (const c of PRINTED_CASES) {
    it(`${c.name}: params within 1 % of PyTorch's ${c.params} (${c.source})`, () => {
      const result = parsePrintedModel(fixture(c.name), c.input);
      expect(Math.abs(result.params / c.params - 1)).toBeLessThan(0.01);
      expect(result.unused).toEqual([]);
      const { totals } = analyzeNetwork(result.layers);
      // Every fixture is modelled whole, so the layers carry the repr's count too.
      expect(totals.params).toBe(result.params);
    });
  }

  it('derives the exact counts for all of them', () => {
    const counts = PRINTED_CASES.map((c) => parsePrintedModel(fixture(c.name), c.input).params);
    expect(counts).toEqual(PRINTED_CASES.map((c) => c.params));
  });
});

describe('parsePrintedModel against the zoo', () => {
  const same = [
    ['resnet50', { mode: 'train', image: { channels: 3, height: 224, width: 224 } }, 'resnet50', 1],
    ['bert-base-pretraining', { mode: 'train', seq: 128 }, 'bert-base', 128],
    ['gpt2', { mode: 'train', seq: 1024 }, 'gpt2-124m', 1024],
    ['gpt2', { mode: 'inference', seq: 512 }, 'gpt2-124m', 512],
    ['mlp', { mode: 'inference', image: { channels: 1, height: 28, width: 28 } }, 'mlp-mnist', 1],
  ] as const;
  for (const [name, input, id, seq] of same) {
    it(`${name} (${input.mode}) costs what the zoo's ${id} costs`, () => {
      const parsed = analyzeNetwork(parsePrintedModel(fixture(name), input).layers).totals;
      const zoo = getZooNetwork(id).build({ seq, mode: input.mode });
      expect(parsed).toEqual(analyzeNetwork(zoo).totals);
    });
  }
});

describe('parsePrintedModel layers', () => {
  it('names layers by module path and runs a Bottleneck in its forward order', () => {
    const input = { mode: 'train', image: { channels: 3, height: 224, width: 224 } } as const;
    const { layers, notes } = parsePrintedModel(fixture('resnet50'), input);
    const block = layers.filter((l) => l.name?.startsWith('layer1.0.')).map((l) => l.name);
    expect(block).toEqual(
      ['conv1', 'bn1', 'relu[1]', 'conv2', 'bn2', 'relu[2]', 'conv3', 'bn3']
        .concat(['downsample.0', 'downsample.1', 'add', 'relu[3]'])
        .map((n) => `layer1.0.${n}`),
    );
    expect(layers.find((l) => l.name === 'layer2.0.conv2')).toMatchObject({
      type: 'conv2d',
      inChannels: 128,
      stride: 2,
      inHeight: 56,
    });
    expect(layers.slice(-3).map((l) => l.type)).toEqual([
      'global-avgpool',
      'linear',
      'softmax-cross-entropy',
    ]);
    expect(notes.join('\n')).toMatch(/relu\[1\]/);
  });

  it("reads BERT's attention, ties its decoder and runs its two pretraining heads", () => {
    const { layers, notes } = parsePrintedModel(fixture('bert-base-pretraining'), {
      mode: 'train',
      seq: 128,
    });
    const byName = new Map(layers.map((l) => [l.name, l]));
    expect(byName.get('bert.encoder.layer.0.attention.self.query')).toMatchObject({
      type: 'linear',
      tokens: 128,
    });
    expect(byName.get('bert.encoder.layer.0.attention.self')).toEqual({
      type: 'attention',
      name: 'bert.encoder.layer.0.attention.self',
      heads: 12,
      headDim: 64,
      queries: 128,
      keys: 128,
    });
    expect(byName.get('cls.predictions.decoder')).toMatchObject({ tiedWeights: true, bias: true });
    expect(byName.get('bert.pooler.dense')).not.toHaveProperty('tokens');
    expect(byName.get('cls.seq_relationship.loss')).toEqual({
      type: 'softmax-cross-entropy',
      name: 'cls.seq_relationship.loss',
      classes: 2,
    });
    expect(notes.join('\n')).toMatch(/shares the word embedding/);
  });

  it('drops dropout and the loss at inference', () => {
    const input = { mode: 'inference', seq: 128 } as const;
    const { layers } = parsePrintedModel(fixture('bert-base-pretraining'), input);
    expect(layers.some((l) => l.type === 'dropout' || l.type === 'softmax-cross-entropy')).toBe(
      false,
    );
  });

  it("ties GPT-2's head, makes its attention causal and uses gelu-new", () => {
    const { layers } = parsePrintedModel(fixture('gpt2'), { mode: 'inference', seq: 64 });
    const byName = new Map(layers.map((l) => [l.name, l]));
    expect(byName.get('lm_head')).toMatchObject({ tiedWeights: true, bias: false, tokens: 64 });
    expect(byName.get('transformer.h.11.attn')).toMatchObject({ causal: true, heads: 12 });
    expect(byName.get('transformer.h.0.mlp.act')).toMatchObject({ fn: 'gelu-new' });
    expect(byName.get('transformer.h.0.attn.c_attn')).toMatchObject({
      inFeatures: 768,
      outFeatures: 2304,
    });
  });

  it('reads grouped-query heads from the key width and leaves Llama’s head untied', () => {
    const { layers, params, notes } = parsePrintedModel(fixture('tinyllama'), {
      mode: 'inference',
      seq: 256,
    });
    const byName = new Map(layers.map((l) => [l.name, l]));
    expect(byName.get('model.layers.21.self_attn')).toMatchObject({
      heads: 32,
      kvHeads: 4,
      headDim: 64,
      causal: true,
    });
    expect(byName.get('lm_head')).not.toHaveProperty('tiedWeights');
    expect(notes.join('\n')).toMatch(/lm_head has its own weight/);
    const tied = parsePrintedModel(fixture('tinyllama'), {
      mode: 'inference',
      seq: 256,
      tieWordEmbeddings: true,
    });
    expect(params - tied.params).toBe(32000 * 2048);
  });

  it('runs a Llama decoder layer pre-norm with its SwiGLU product, and takes a head size', () => {
    const input = { mode: 'inference', seq: 16, headDim: 64 } as const;
    const { layers } = parsePrintedModel(fixture('llama2-7b-block'), input);
    expect(layers.map((l) => l.name)).toEqual([
      'input_layernorm',
      'self_attn.q_proj',
      'self_attn.k_proj',
      'self_attn.v_proj',
      'self_attn',
      'self_attn.o_proj',
      'self_attn.add',
      'post_attention_layernorm',
      'mlp.gate_proj',
      'mlp.up_proj',
      'mlp.act_fn',
      'mlp.multiply',
      'mlp.down_proj',
      'mlp.add',
    ]);
    expect(layers[4]).toMatchObject({ heads: 64, headDim: 64 });
  });

  it("adds MultiheadAttention's hidden in-projection and the encoder layer's ReLU", () => {
    const input = { mode: 'train', seq: 10 } as const;
    const { layers, notes } = parsePrintedModel(fixture('transformer-encoder-layer'), input);
    expect(layers[0]).toEqual({
      type: 'linear',
      name: 'self_attn.in_proj',
      inFeatures: 768,
      outFeatures: 2304,
      bias: true,
      tokens: 10,
    });
    expect(layers.find((l) => l.name === 'activation')).toMatchObject({ fn: 'relu' });
    expect(notes.join('\n')).toMatch(/no loss added/);
  });

  it("reads a ViT's patches as tokens with its class token and position embedding", () => {
    const input = { mode: 'inference', image: { channels: 3, height: 224, width: 224 } } as const;
    const { layers } = parsePrintedModel(fixture('vit-b-16'), input);
    expect(layers.slice(1, 4).map((l) => l.name)).toEqual([
      'class_token',
      'encoder.pos_embedding',
      'encoder.pos_embedding.add',
    ]);
    expect(layers.find((l) => l.name === 'encoder.ln')).toMatchObject({ tokens: 197 });
    expect(layers[layers.length - 1]).toMatchObject({ name: 'heads.head' });
    expect(layers[layers.length - 1]).not.toHaveProperty('tokens');
  });

  it('runs an LSTM over the sequence and its classifier on the last step', () => {
    const { layers } = parsePrintedModel(fixture('lstm-classifier'), { mode: 'train', seq: 50 });
    expect(layers.map((l) => l.name)).toEqual([
      'embedding',
      'lstm.l0',
      'lstm.dropout.l0',
      'lstm.l1',
      'dropout',
      'fc',
      'loss',
    ]);
    expect(layers[3]).toEqual({
      type: 'lstm',
      name: 'lstm.l1',
      inputSize: 512,
      hiddenSize: 512,
      steps: 50,
    });
    expect(layers[5]).not.toHaveProperty('tokens');
  });

  it('carries image shapes through a Sequential CNN', () => {
    const input = { mode: 'train', image: { channels: 1, height: 28, width: 28 } } as const;
    const { layers } = parsePrintedModel(fixture('cnn'), input);
    expect(layers.find((l) => l.name === '3')).toMatchObject({ inHeight: 14, bias: true });
    expect(layers.find((l) => l.name === '8')).toMatchObject({ inFeatures: 3136 });
    expect(layers.find((l) => l.name === '10')).toEqual({
      type: 'dropout',
      name: '10',
      elements: 128,
    });
  });
});

describe('parsePrintedModel input', () => {
  it('asks for what the repr does not show', () => {
    expect(() => parsePrintedModel(fixture('resnet50'), { mode: 'train' })).toThrow(
      /line 2: Conv2d needs the input image's size/,
    );
    expect(() => parsePrintedModel(fixture('gpt2'), { mode: 'train' })).toThrow(
      /Embedding needs the sequence length/,
    );
    expect(() => parsePrintedModel(fixture('mlp'), { mode: 'fly' } as never)).toThrow(
      /mode must be/,
    );
    expect(() => parsePrintedModel(fixture('mlp'), { mode: 'train', seq: 0 })).toThrow(/seq/);
    const huge = { channels: 3, height: 1e9, width: 1 };
    expect(() => parsePrintedModel(fixture('cnn'), { mode: 'train', image: huge })).toThrow(
      /image height/,
    );
    expect(() => parsePrintedModel(fixture('cnn'), null as never)).toThrow(RangeError);
  });
});
