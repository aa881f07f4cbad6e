import { describe, expect, it } from 'vitest';
import { analyzeNetwork } from '../layers/analyze';
import { RESNET50 } from './resnet';

describe('resnet50', () => {
  const train = analyzeNetwork(RESNET50.build({ seq: 1, mode: 'train' }));
  const inference = analyzeNetwork(RESNET50.build({ seq: 1, mode: 'inference' }));
  const byName = new Map(train.layers.map((layer) => [layer.name, layer]));

  it("has torchvision's 25,557,032 parameters", () => {
    expect(train.totals.params).toBe(25_557_032);
    expect(train.totals.params).toBe(RESNET50.publishedParams.value);
    expect(inference.totals.params).toBe(25_557_032);
  });

  it('does about 4.1 G multiply-adds per 224×224 image (8.2 GFLOPs)', () => {
    // Convolutions and the fc: 4,089,184,256 multiply-adds (torchvision's "4.09 GFLOPS").
    const macs = inference.layers
      .filter((layer) => layer.matmul)
      .reduce((sum, layer) => sum + layer.forwardFlops / 2, 0);
    expect(macs).toBe(4_089_184_256 + 500); // + 1000/2 for the fc bias
    expect(inference.totals.forwardFlops / 8.2e9).toBeGreaterThan(0.98);
    expect(inference.totals.forwardFlops / 8.2e9).toBeLessThan(1.03);
  });

  it('puts the v1.5 stride on the 3×3 convolution and shrinks 224 to 7', () => {
    // 3×3/2 on 56×56 (padding 1): floor(57/2) + 1 = 28; output 128·28·28.
    expect(byName.get('layer2.0.conv2')?.outputElements).toBe(128 * 28 * 28);
    expect(byName.get('layer2.0.conv1')?.outputElements).toBe(128 * 56 * 56);
    expect(byName.get('layer2.0.downsample.0')?.params).toBe(256 * 512);
    expect(byName.has('layer2.1.downsample.0')).toBe(false);
    expect(byName.get('layer4.2.add')?.outputElements).toBe(2048 * 7 * 7);
    expect(byName.get('fc')?.params).toBe(2048 * 1000 + 1000);
  });

  it('has 16 bottlenecks, 53 convolutions and the loss in training only', () => {
    const count = (type: string) => train.layers.filter((layer) => layer.type === type).length;
    expect(count('residual-add')).toBe(16);
    expect(count('conv2d')).toBe(1 + 16 * 3 + 4);
    expect(count('softmax-cross-entropy')).toBe(1);
    expect(inference.layers.some((layer) => layer.type === 'softmax-cross-entropy')).toBe(false);
  });
});
