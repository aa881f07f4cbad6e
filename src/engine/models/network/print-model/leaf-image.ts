/**
 * Modules over images: `nn.Conv2d` and `nn.Conv1d`, max and average pools (fixed and
 * adaptive), `nn.BatchNorm2d`, `nn.GroupNorm` and `nn.Flatten`. The engine's convolution is
 * square with one stride and padding: a grouped one keeps its exact FLOPs and parameters as
 * Cin/groups input channels; a rectangular, dilated or one-dimensional one is modelled as its
 * im2col product (a linear layer of Cin/groups·kh·kw → Cout over the output positions, the same
 * FLOPs and parameters). Shapes follow PyTorch's formulas, dilation and `ceil_mode` included,
 * even where the engine's layer cannot express them.
 */
import { argsOf, type ArgValue, type ModuleArgs } from './args';
import type { WalkContext } from './context';
import { checked, imageOf, requireSeq, tokens, windowOut, type Image } from './stream';
import { LineProblem, type ModuleNode, type Stream } from './types';

/** Padding of a convolution: its numbers, or 'same' (output = input, stride 1). */
function convPadding(
  args: ModuleArgs,
  kernel: [number, number],
  dilation: [number, number],
): [number, number] | 'same' {
  const raw = args.raw('padding', 4);
  if (raw === 'valid') return [0, 0];
  if (raw !== 'same') return args.pair('padding', 4, 'padding', 0);
  const total = [0, 1].map((i) => (dilation[i] ?? 1) * ((kernel[i] ?? 1) - 1));
  return total.every((t) => t % 2 === 0) ? [(total[0] ?? 0) / 2, (total[1] ?? 0) / 2] : 'same';
}

/** `nn.Conv2d(in, out, kernel_size, stride, padding, dilation, groups, bias)`. */
export function conv2dLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const args = argsOf(node);
  const cin = args.int('in_channels', 0, 'dimension');
  const cout = args.int('out_channels', 1, 'dimension');
  const kernel = args.pair('kernel_size', 2, 'window');
  const stride = args.pair('stride', 3, 'window', 1);
  const dilation = args.pair('dilation', 5, 'groups', 1);
  const padding = convPadding(args, kernel, dilation);
  const groups = args.int('groups', 6, 'groups', 1);
  const bias = args.flag('bias', true);
  const image = imageOf(ctx, node, stream);
  if (cin % groups !== 0 || cout % groups !== 0) {
    throw new LineProblem(`groups ${groups} does not divide the channels`);
  }
  if (padding === 'same' && (stride[0] !== 1 || stride[1] !== 1)) {
    throw new LineProblem("padding='same' needs stride 1");
  }
  if (image.channels !== cin) {
    ctx.note(`${path}: in_channels ${cin}, but ${image.channels} channels reach it; used ${cin}`);
  }
  const [height, width] =
    padding === 'same'
      ? [image.height, image.width]
      : [
          windowOut(image.height, kernel[0], stride[0], padding[0], dilation[0]),
          windowOut(image.width, kernel[1], stride[1], padding[1], dilation[1]),
        ];
  const perGroup = cin / groups;
  ctx.addParams(cout * perGroup * kernel[0] * kernel[1] + (bias ? cout : 0));
  const square =
    padding !== 'same' &&
    kernel[0] === kernel[1] &&
    stride[0] === stride[1] &&
    padding[0] === padding[1] &&
    dilation[0] === 1 &&
    dilation[1] === 1;
  if (square) {
    if (groups > 1) {
      ctx.note(
        'a grouped convolution is modelled as Cin/groups input channels: its FLOPs and ' +
          'parameters are exact, its input reads 1/groups of the real ones',
      );
    }
    ctx.emit({
      type: 'conv2d',
      name: path,
      inChannels: perGroup,
      outChannels: cout,
      kernel: kernel[0],
      stride: stride[0],
      padding: padding[0],
      inHeight: image.height,
      inWidth: image.width,
      bias,
    });
  } else {
    ctx.note(
      'a rectangular, dilated or same-padded convolution is modelled as its im2col product (a ' +
        'linear layer over the output positions: the same FLOPs and parameters)',
    );
    const inFeatures = perGroup * kernel[0] * kernel[1];
    ctx.emit({
      type: 'linear',
      name: path,
      inFeatures,
      outFeatures: cout,
      bias,
      tokens: height * width,
    });
  }
  return checked({ kind: 'image', channels: cout, height, width });
}

/** `nn.Conv1d` over a sequence (channels are the features, positions the tokens). */
export function conv1dLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const args = argsOf(node);
  const cin = args.int('in_channels', 0, 'dimension');
  const cout = args.int('out_channels', 1, 'dimension');
  const [kernel] = args.pair('kernel_size', 2, 'window');
  const [stride] = args.pair('stride', 3, 'window', 1);
  const [dilation] = args.pair('dilation', 5, 'groups', 1);
  const padding = convPadding(args, [kernel, kernel], [dilation, dilation]);
  const groups = args.int('groups', 6, 'groups', 1);
  const bias = args.flag('bias', true);
  if (stream.kind === 'image') throw new LineProblem('an image reaches a Conv1d');
  if (cin % groups !== 0) throw new LineProblem(`groups ${groups} does not divide the channels`);
  const length = stream.features === null ? requireSeq(ctx, node) : stream.tokens;
  const out = padding === 'same' ? length : windowOut(length, kernel, stride, padding[0], dilation);
  ctx.addParams((cout * cin * kernel) / groups + (bias ? cout : 0));
  ctx.note('Conv1d is modelled as its im2col product (a linear layer over the output positions)');
  const inFeatures = (cin / groups) * kernel;
  ctx.emit({ type: 'linear', name: path, inFeatures, outFeatures: cout, bias, tokens: out });
  return tokens(out, cout);
}

/** `nn.MaxPool2d` and `nn.AvgPool2d`. */
export function poolLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const args = argsOf(node);
  const kernel = args.pair('kernel_size', 0, 'window');
  const strideRaw = args.raw('stride', 1);
  const stride =
    strideRaw === undefined || strideRaw === null ? kernel : args.pair('stride', 1, 'window');
  const padding = args.pair('padding', 2, 'padding', 0);
  const max = node.type === 'MaxPool2d';
  const dilation = max ? args.pair('dilation', 3, 'groups', 1) : [1, 1];
  const ceil = args.flag('ceil_mode', false);
  const image = imageOf(ctx, node, stream);
  const height = windowOut(image.height, kernel[0], stride[0], padding[0], dilation[0], ceil);
  const width = windowOut(image.width, kernel[1], stride[1], padding[1], dilation[1], ceil);
  const after = checked({ ...image, height, width });
  const square =
    kernel[0] === kernel[1] &&
    stride[0] === stride[1] &&
    padding[0] === padding[1] &&
    dilation[0] === 1 &&
    dilation[1] === 1 &&
    2 * padding[0] <= kernel[0];
  if (!square) {
    ctx.unused(node, 'a pool with unequal or dilated windows is not modelled; its shape is kept');
    return after;
  }
  if (ceil) ctx.note(`${path}: ceil_mode; the engine costs the floor-mode window count`);
  emitPool(ctx, path, max, image, { kernel: kernel[0], stride: stride[0], padding: padding[0] });
  return after;
}

/** Emits a max or average pool over `image` with a square window (padding where printed). */
function emitPool(
  ctx: WalkContext,
  path: string,
  max: boolean,
  image: Image,
  window: { kernel: number; stride: number; padding?: number },
) {
  ctx.emit({
    type: max ? 'maxpool2d' : 'avgpool2d',
    name: path,
    channels: image.channels,
    inHeight: image.height,
    inWidth: image.width,
    ...window,
  });
}

/** The output size of an adaptive pool: one or two edges, `None` keeping the input's. */
function adaptiveSize(args: ModuleArgs, image: Image): [number, number] {
  const raw = args.raw('output_size', 0);
  const entries = Array.isArray(raw) ? raw : [raw, raw];
  if (entries.length !== 2) throw new LineProblem('output_size must be one or two sizes');
  const edge = (entry: ArgValue | undefined, keep: number): number => {
    if (entry === null) return keep;
    if (typeof entry !== 'number' || !Number.isSafeInteger(entry) || entry < 1 || entry > 2 ** 24) {
      throw new LineProblem('output_size must be whole numbers from 1 to 16777216');
    }
    return entry;
  };
  return [edge(entries[0], image.height), edge(entries[1], image.width)];
}

/** `nn.AdaptiveAvgPool2d` and `nn.AdaptiveMaxPool2d`. */
export function adaptivePoolLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const args = argsOf(node);
  const image = imageOf(ctx, node, stream);
  const [oh, ow] = adaptiveSize(args, image);
  const after = checked({ ...image, height: oh, width: ow });
  if (oh === image.height && ow === image.width) return after;
  const max = node.type === 'AdaptiveMaxPool2d';
  if (oh === 1 && ow === 1 && !max) {
    const { channels } = image;
    ctx.emit({
      type: 'global-avgpool',
      name: path,
      channels,
      height: image.height,
      width: image.width,
    });
    return after;
  }
  const kernel = image.height / oh;
  if (!Number.isInteger(kernel) || image.width / ow !== kernel) {
    ctx.unused(
      node,
      'an adaptive pool to a size that does not divide its input evenly is not modelled; its shape is kept',
    );
    return after;
  }
  emitPool(ctx, path, max, image, { kernel, stride: kernel });
  return after;
}

/** `nn.BatchNorm2d` on an image, `nn.GroupNorm` on an image or tokens (costed as a norm). */
export function imageNormLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const args = argsOf(node);
  const group = node.type === 'GroupNorm';
  const channels = args.int(group ? 'num_channels' : 'num_features', group ? 1 : 0, 'dimension');
  const affine = args.flag('affine', true);
  ctx.addParams(affine ? 2 * channels : 0);
  if (!affine) ctx.note(`${path}: affine=False has no parameters; the engine's norm counts 2·C`);
  if (group) ctx.note('GroupNorm is costed as a batch norm over the same elements');
  if (group && stream.kind === 'tokens' && stream.features !== null) {
    ctx.emit({ type: 'layernorm', name: path, features: channels, tokens: stream.tokens });
    return stream;
  }
  const image = imageOf(ctx, node, stream);
  if (image.channels !== channels) {
    ctx.note(`${path}: ${channels} channels, but ${image.channels} reach it; used ${channels}`);
  }
  ctx.emit({ type: 'batchnorm2d', name: path, channels, height: image.height, width: image.width });
  return checked({ ...image, channels });
}

/**
 * `nn.Flatten(start_dim, end_dim)`: from dimension 1 (the default), an image or a sequence
 * becomes one row; from dimension 2, an image's positions become tokens of C features (read
 * channels-last, as the `transpose(1, 2)` that usually follows makes them).
 */
export function flattenLeaf(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream) {
  const args = argsOf(node);
  const start = args.number('start_dim', 0, 1);
  const end = args.number('end_dim', 1, -1);
  if (end !== -1 || (start !== 1 && start !== 2)) {
    throw new LineProblem('only Flatten(1, -1) and Flatten(2, -1) are modelled');
  }
  if (start === 2) {
    if (stream.kind !== 'image') throw new LineProblem('Flatten(2) needs an image');
    ctx.note(`${path}: Flatten(2) reads the image's H·W positions as tokens of C features`);
    return tokens(stream.height * stream.width, stream.channels);
  }
  if (stream.kind === 'image') {
    return tokens(1, stream.channels * stream.height * stream.width);
  }
  return stream.features === null ? stream : tokens(1, stream.tokens * stream.features);
}
