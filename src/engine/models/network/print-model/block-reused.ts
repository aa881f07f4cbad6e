/**
 * A model's own module class (the `Net` of a tutorial or a paper) whose forward calls one
 * registered module without parameters several times: `self.relu` after each layer,
 * `self.pool` after each convolution (PyTorch's CIFAR-10 tutorial). print(model) lists such a
 * module once, where `__init__` created it, which need not be where it runs (`fc1, fc2, relu`),
 * and never shows forward. Such a class is read as its forward usually runs: the one hidden
 * activation (any but a sigmoid, which usually squashes the output) after each Linear or
 * convolution but the last, and after the norm printed right after it; the one pool after each
 * convolution (and its activation) when there are two or more; with that activation, the one
 * dropout after each of its uses (`self.dropout(self.relu(self.fc1(x)))`); every other child in
 * printed order. A class whose printed order already is that order is left to the plain walk (no
 * note). Each application of a module used more than once is its own layer, named `relu[1]`,
 * `relu[2]`, … as in ResNet's blocks; a note says what was assumed.
 */
import { joinPath, type WalkContext } from './context';
import { CONTAINERS } from './leaves';
import { ACTIVATIONS } from './leaf-pointwise';
import type { ModuleNode, Stream } from './types';

/** Layers with weights after which a hidden activation runs. */
const WEIGHTED = new Set([
  'Linear',
  'NonDynamicallyQuantizableLinear',
  'Linear8bitLt',
  'Linear4bit',
  'Conv1d',
  'Conv2d',
]);
const CONVOLUTIONS = new Set(['Conv1d', 'Conv2d']);
/** Norms printed right after a layer run before its activation (conv, bn, relu). */
const NORMS = new Set(['BatchNorm1d', 'BatchNorm2d', 'SyncBatchNorm', 'GroupNorm', 'LayerNorm']);
const POOLS = new Set(['MaxPool2d', 'AvgPool2d']);

/** A one-line child printed once (not a folded repeat). */
function isLeaf(node: ModuleNode): boolean {
  return node.children.length === 0 && node.repeat === 1;
}

/** An activation without parameters that sits between layers (not a sigmoid, not PReLU). */
function isHiddenActivation(node: ModuleNode): boolean {
  const known = ACTIVATIONS.get(node.type);
  return isLeaf(node) && known !== undefined && known.fn !== 'sigmoid' && node.type !== 'PReLU';
}

/** The only child of `node` that `test` accepts, if exactly one does. */
function only(node: ModuleNode, test: (child: ModuleNode) => boolean): ModuleNode | undefined {
  const found = node.children.filter(test);
  return found.length === 1 ? found[0] : undefined;
}

/** The order `node`'s children run in, and the reused modules it places. */
interface Plan {
  order: ModuleNode[];
  activation?: ModuleNode;
  dropout?: ModuleNode;
  pool?: ModuleNode;
}

/** The run order of a custom module's children by the rule in the file comment. */
function planFor(node: ModuleNode): Plan {
  const weighted = weightedLayers(node);
  const convolutions = weighted.filter((c) => CONVOLUTIONS.has(c.type));
  const activation = weighted.length >= 2 ? only(node, isHiddenActivation) : undefined;
  const pool =
    convolutions.length >= 2 ? only(node, (c) => isLeaf(c) && POOLS.has(c.type)) : undefined;
  const dropout =
    activation !== undefined ? only(node, (c) => isLeaf(c) && /Dropout/.test(c.type)) : undefined;
  const rest = node.children.filter((c) => c !== activation && c !== pool && c !== dropout);
  const last = weighted[weighted.length - 1];
  const order: ModuleNode[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const child = rest[i]!;
    order.push(child);
    if (!weighted.includes(child)) continue;
    for (let next = rest[i + 1]; next !== undefined && isLeaf(next) && NORMS.has(next.type);) {
      order.push(next);
      i += 1;
      next = rest[i + 1];
    }
    if (activation !== undefined && child !== last) {
      order.push(activation);
      if (dropout !== undefined) order.push(dropout);
    }
    if (pool !== undefined && CONVOLUTIONS.has(child.type)) order.push(pool);
  }
  return {
    order,
    ...(activation !== undefined ? { activation } : {}),
    ...(dropout !== undefined ? { dropout } : {}),
    ...(pool !== undefined ? { pool } : {}),
  };
}

/** True when `plan` runs `node`'s children other than as printed. */
function reorders(node: ModuleNode, plan: Plan): boolean {
  const printed = node.children;
  return plan.order.length !== printed.length || plan.order.some((c, i) => c !== printed[i]);
}

/** A module class of the model's own that reuses an activation or a pool (file comment). */
function matches(node: ModuleNode): boolean {
  if (CONTAINERS.has(node.type) || node.children.length === 0) return false;
  const plan = planFor(node);
  if (plan.activation === undefined && plan.pool === undefined) return false;
  return reorders(node, plan);
}

/** Walks the children in the planned order, naming each use of a reused module. */
function run(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  const plan = planFor(node);
  const uses = new Map<ModuleNode, number>();
  for (const child of plan.order) uses.set(child, (uses.get(child) ?? 0) + 1);
  const seen = new Map<ModuleNode, number>();
  let s = stream;
  for (const child of plan.order) {
    const count = (seen.get(child) ?? 0) + 1;
    seen.set(child, count);
    if ((uses.get(child) ?? 1) > 1) {
      s = ctx.walk(child, `${joinPath(path, child.name)}[${count}]`, s);
      continue;
    }
    for (let copy = 0; copy < child.repeat; copy += 1) {
      const name = child.repeat > 1 ? String(child.firstIndex + copy) : child.name;
      s = ctx.walk(child, joinPath(path, name), s);
    }
  }
  ctx.note(reusedNote(node, plan, uses));
  return s;
}

/** The direct layers with weights of `node`. */
function weightedLayers(node: ModuleNode): ModuleNode[] {
  return node.children.filter((c) => isLeaf(c) && WEIGHTED.has(c.type));
}

/** The kinds of `node`'s weighted layers in words: "Linear", "convolution and Linear". */
function layerKinds(node: ModuleNode): string {
  const weighted = weightedLayers(node);
  const convolutions = weighted.some((c) => CONVOLUTIONS.has(c.type));
  const linears = weighted.some((c) => !CONVOLUTIONS.has(c.type));
  return convolutions && linears
    ? 'convolution and Linear'
    : convolutions
      ? 'convolution'
      : 'Linear';
}

/**
 * A note for a model's own root class with two or more layers with weights and no activation
 * module: its forward calls its activations as functions (`F.relu`), which print(model) does not
 * show, so they are not counted. Undefined for any other module.
 */
export function functionalActivationsNote(root: ModuleNode): string | undefined {
  if (CONTAINERS.has(root.type) || weightedLayers(root).length < 2) return undefined;
  if (root.children.some((c) => ACTIVATIONS.has(c.type))) return undefined;
  return (
    `${root.type} prints no activation module: those its forward calls as functions ` +
    '(F.relu, torch.relu) are not in print(model) and are not counted'
  );
}

/** What was assumed, in words. */
function reusedNote(node: ModuleNode, plan: Plan, uses: ReadonlyMap<ModuleNode, number>): string {
  const parts: string[] = [];
  if (plan.activation !== undefined) {
    const times = uses.get(plan.activation) ?? 0;
    parts.push(
      `its one ${plan.activation.name} (${plan.activation.type}) after each ${layerKinds(node)} ` +
        `but the last (${times === 1 ? 'once' : `${times} times`})` +
        (plan.dropout !== undefined ? `, each time followed by its one ${plan.dropout.name}` : ''),
    );
  }
  if (plan.pool !== undefined) {
    const times = uses.get(plan.pool) ?? 0;
    parts.push(
      `its one ${plan.pool.name} (${plan.pool.type}) after each convolution (${times} times)`,
    );
  }
  return (
    `${node.type}: print(model) lists a module once and does not show forward; read as such a ` +
    `forward usually runs: ${parts.join(', and ')}`
  );
}

/** A custom module that reuses its one activation or pool. */
export const REUSED_MODULES = { matches, run };
