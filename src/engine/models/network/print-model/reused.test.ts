import { describe, expect, it } from 'vitest';
import { parsePrintedModel } from './parse-printed-model';
import { fixture } from './testing/fixtures';
import type { PrintedModelInput } from './types';

const TRAIN: PrintedModelInput = { mode: 'train' };
const CIFAR: PrintedModelInput = { mode: 'train', image: { channels: 3, height: 32, width: 32 } };

/** A model class `Net` printing `children` one a line, as PyTorch does. */
function net(...children: string[]): string {
  return ['Net(', ...children.map((c) => `  ${c}`), ')'].join('\n');
}

const FC1 = '(fc1): Linear(in_features=784, out_features=128, bias=True)';
const FC2 = '(fc2): Linear(in_features=128, out_features=10, bias=True)';
const RELU = '(relu): ReLU()';

/** The layers' names and types, `name:type`. */
function named(text: string, input: PrintedModelInput = TRAIN): string[] {
  return parsePrintedModel(text, input).layers.map((l) => `${l.name}:${l.type}`);
}

describe('a module registered once and run several times', () => {
  it('reads a small Net with fc1, relu, fc2 whole: no line dropped, no note', () => {
    const { layers, unused, notes, params } = parsePrintedModel(net(FC1, RELU, FC2), TRAIN);
    expect(unused).toEqual([]);
    expect(layers.map((l) => l.name)).toEqual(['fc1', 'relu', 'fc2', 'loss']);
    expect(layers[1]).toEqual({ type: 'activation', name: 'relu', fn: 'relu', elements: 128 });
    // 784·128 + 128 + 128·10 + 10, as sum(p.numel() for p in Net().parameters()).
    expect(params).toBe(101_770);
    expect(notes.join('\n')).not.toMatch(/print\(model\) lists a module once/);
  });

  it('reads the same Net written on one line, with positional sizes', () => {
    const oneLine = 'Net((fc1): Linear(784, 128) (relu): ReLU() (fc2): Linear(128, 10))';
    const result = parsePrintedModel(oneLine, TRAIN);
    expect(result.unused).toEqual([]);
    expect(result.layers).toEqual(parsePrintedModel(net(FC1, RELU, FC2), TRAIN).layers);
    expect(() => parsePrintedModel('Net((fc1): Linear(784, 128) oops)', TRAIN)).toThrow(
      /expected "\(name\): Type\(\.\.\.\)" at "oops"/,
    );
  });

  it('runs a relu printed after the last layer between the layers, and says so', () => {
    const { layers, unused, notes } = parsePrintedModel(net(FC1, FC2, RELU), TRAIN);
    expect(unused).toEqual([]);
    expect(layers.map((l) => l.name)).toEqual(['fc1', 'relu', 'fc2', 'loss']);
    // On the 128 hidden values, not on the 10 logits.
    expect(layers[1]).toMatchObject({ type: 'activation', elements: 128 });
    expect(notes).toContain(
      'Net: print(model) lists a module once and does not show forward; read as such a ' +
        'forward usually runs: its one relu (ReLU) after each Linear but the last (once)',
    );
  });

  it('applies one relu and one dropout after each hidden layer, each use its own layer', () => {
    const text = net(
      '(fc1): Linear(in_features=784, out_features=256, bias=True)',
      '(fc2): Linear(in_features=256, out_features=128, bias=True)',
      '(fc3): Linear(in_features=128, out_features=10, bias=True)',
      RELU,
      '(dropout): Dropout(p=0.2, inplace=False)',
    );
    const { layers, unused, notes } = parsePrintedModel(text, TRAIN);
    expect(unused).toEqual([]);
    expect(layers.map((l) => `${l.name}:${l.type}`)).toEqual([
      'fc1:linear',
      'relu[1]:activation',
      'dropout[1]:dropout',
      'fc2:linear',
      'relu[2]:activation',
      'dropout[2]:dropout',
      'fc3:linear',
      'loss:softmax-cross-entropy',
    ]);
    expect(layers.filter((l) => l.type === 'activation').map((l) => l.elements)).toEqual([
      256, 128,
    ]);
    expect(notes.join('\n')).toMatch(
      /its one relu \(ReLU\) after each Linear but the last \(2 times\), each time followed by its one dropout/,
    );
  });

  it("runs PyTorch's CIFAR-10 tutorial Net: its one pool after each convolution", () => {
    const text = net(
      '(conv1): Conv2d(3, 6, kernel_size=(5, 5), stride=(1, 1))',
      '(pool): MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)',
      '(conv2): Conv2d(6, 16, kernel_size=(5, 5), stride=(1, 1))',
      '(fc1): Linear(in_features=400, out_features=120, bias=True)',
      '(fc2): Linear(in_features=120, out_features=84, bias=True)',
      '(fc3): Linear(in_features=84, out_features=10, bias=True)',
    );
    const { layers, unused, notes, params } = parsePrintedModel(text, CIFAR);
    expect(unused).toEqual([]);
    expect(layers.map((l) => l.name)).toEqual([
      'conv1',
      'pool[1]',
      'conv2',
      'pool[2]',
      'fc1',
      'fc2',
      'fc3',
      'loss',
    ]);
    // Two pools bring 16×10×10 down to the 16×5×5 = 400 features fc1 takes: no mismatch.
    expect(notes.join('\n')).not.toMatch(/takes 400 features/);
    expect(params).toBe(62_006);
    // Its forward calls F.relu, which print(model) does not show.
    expect(notes.join('\n')).toMatch(/Net prints no activation module: .*not counted/);
  });

  it('keeps the printed order where it already is the run order', () => {
    const sigmoid = net(FC1, RELU, FC2, '(sigmoid): Sigmoid()');
    expect(named(sigmoid)).toEqual([
      'fc1:linear',
      'relu:activation',
      'fc2:linear',
      'sigmoid:activation',
    ]);
    const two = net(FC1, '(relu1): ReLU()', FC2, '(relu2): ReLU()');
    expect(named(two)).toEqual([
      'fc1:linear',
      'relu1:activation',
      'fc2:linear',
      'relu2:activation',
    ]);
    // timm's Mlp: an MLP with more than projections and an activation, walked as printed.
    const timm = [
      'Mlp(',
      '  (fc1): Linear(in_features=768, out_features=3072, bias=True)',
      "  (act): GELU(approximate='none')",
      '  (drop1): Dropout(p=0.0, inplace=False)',
      '  (norm): Identity()',
      '  (fc2): Linear(in_features=3072, out_features=768, bias=True)',
      '  (drop2): Dropout(p=0.0, inplace=False)',
      ')',
    ].join('\n');
    const mlp = parsePrintedModel(timm, { mode: 'inference', seq: 197 });
    expect(mlp.unused).toEqual([]);
    expect(mlp.layers.map((l) => l.name)).toEqual(['fc1', 'act', 'fc2']);
  });

  it("runs torchvision's BasicBlock relu after its first convolution and after the add", () => {
    const { layers, unused } = parsePrintedModel(fixture('resnet18'), {
      mode: 'inference',
      image: { channels: 3, height: 224, width: 224 },
    });
    expect(unused).toEqual([]);
    const block = layers
      .map((l) => l.name ?? '')
      .filter((name) => name.startsWith('layer1.0.'))
      .map((name) => name.slice('layer1.0.'.length));
    expect(block).toEqual(['conv1', 'bn1', 'relu[1]', 'conv2', 'bn2', 'add', 'relu[2]']);
    // The stem's relu once, then two in each of the eight blocks.
    expect(layers.filter((l) => l.type === 'activation')).toHaveLength(1 + 8 * 2);
  });
});
