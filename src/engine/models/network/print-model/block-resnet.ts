/**
 * torchvision's ResNet blocks, whose repr hides part of their order: `Bottleneck` prints
 * conv1, bn1, conv2, bn2, conv3, bn3, relu, downsample, and runs conv1, bn1, relu, conv2, bn2,
 * relu, conv3, bn3, the shortcut (downsample on the block's input, when present), a residual
 * add and relu: its one `relu` module is applied three times (`BasicBlock`: two convolutions,
 * twice). Each application is its own layer, named `relu[1]`, `relu[2]`, `relu[3]`; the add is
 * `<block>.add`.
 */
import { joinPath, type WalkContext } from './context';
import { knownElements } from './stream';
import { childNamed } from './tree';
import type { ModuleNode, Stream } from './types';

const CONVS = ['conv1', 'conv2', 'conv3'];

/** A torchvision Bottleneck or BasicBlock with the children it always has. */
function matches(node: ModuleNode): boolean {
  if (node.type !== 'Bottleneck' && node.type !== 'BasicBlock') return false;
  return ['conv1', 'bn1', 'conv2', 'bn2', 'relu'].every((n) => childNamed(node, n) !== undefined);
}

/** Walks a ResNet block in the order its forward runs. */
function run(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  const placed = new Set<ModuleNode>();
  const relu = childNamed(node, 'relu');
  let calls = 0;
  const applyRelu = (s: Stream): Stream => {
    if (relu === undefined) return s;
    calls += 1;
    return ctx.walk(relu, `${joinPath(path, 'relu')}[${calls}]`, s);
  };
  if (relu !== undefined) placed.add(relu);
  const convs = CONVS.map((name) => childNamed(node, name)).filter((c) => c !== undefined);
  let s = stream;
  convs.forEach((conv, i) => {
    placed.add(conv);
    s = ctx.walk(conv, joinPath(path, conv.name), s);
    const bn = childNamed(node, `bn${i + 1}`);
    if (bn !== undefined) {
      placed.add(bn);
      s = ctx.walk(bn, joinPath(path, bn.name), s);
    }
    if (i < convs.length - 1) s = applyRelu(s);
  });
  const downsample = childNamed(node, 'downsample');
  if (downsample !== undefined) {
    placed.add(downsample);
    ctx.walk(downsample, joinPath(path, downsample.name), stream);
  }
  ctx.emit({ type: 'residual-add', name: joinPath(path, 'add'), elements: knownElements(s) });
  s = applyRelu(s);
  ctx.unplaced(node, placed);
  ctx.note(
    `torchvision ${node.type}: run as its forward does, not as printed: each convolution and ` +
      'its batch norm, the one relu module after each but the last and again after the ' +
      'residual add (named relu[1], relu[2], ...), downsample on the shortcut',
  );
  return s;
}

/** torchvision's Bottleneck and BasicBlock. */
export const RESNET_BLOCK = { matches, run };
