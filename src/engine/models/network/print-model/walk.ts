/**
 * The walk over a printed model's tree, in execution order: a module a block handler knows
 * (ResNet blocks, attention, transformer blocks, MLPs, poolers and heads, the vision
 * transformer, a model's own class that reuses one activation or pool) runs in its known
 * order; any other module with children runs them in the order printed (the order `__init__`
 * defined them, which is the order `forward` runs them in `nn.Sequential` and in most models),
 * each copy of a repeat in turn; a one-line module goes to its leaf handler. Every visit is counted against the walk's bound, and a module whose
 * handler fails is rolled back and named as unused.
 */
import { RESNET_BLOCK } from './block-resnet';
import { REUSED_MODULES } from './block-reused';
import { GPT2_ATTENTION, MULTIHEAD_ATTENTION, QKV_ATTENTION } from './block-attention';
import { POOLER, PRETRAINING_HEADS, VISION_TRANSFORMER } from './block-heads';
import { ENCODER_LAYER, NAMED_MLP, POST_NORM_OUTPUT, PRE_NORM_BLOCK } from './block-transformer';
import { joinPath, type WalkContext, type Walker } from './context';
import { CONTAINERS, leafHandler } from './leaves';
import { LineProblem, type ModuleNode, type Stream } from './types';

/** A module the parser knows the order of. */
interface Block {
  matches(node: ModuleNode): boolean;
  run(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream;
}

/** The blocks, most specific first. */
const BLOCKS: readonly Block[] = [
  RESNET_BLOCK,
  VISION_TRANSFORMER,
  MULTIHEAD_ATTENTION,
  ENCODER_LAYER,
  PRETRAINING_HEADS,
  POOLER,
  QKV_ATTENTION,
  GPT2_ATTENTION,
  POST_NORM_OUTPUT,
  PRE_NORM_BLOCK,
  NAMED_MLP,
  REUSED_MODULES,
];

/** Runs the children of `node` in printed order, each copy of a repeat in turn. */
function walkChildren(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  if (node.type === 'ModuleDict') {
    ctx.note('a ModuleDict has no order of its own: its modules are run in the order printed');
  }
  let s = stream;
  for (const child of node.children) {
    if (ctx.pooledPending && ctx.pooled !== null && !PRETRAINING_HEADS.matches(child)) {
      s = ctx.pooled;
      ctx.pooledPending = false;
    }
    for (let copy = 0; copy < child.repeat; copy += 1) {
      const name = child.repeat > 1 ? String(child.firstIndex + copy) : child.name;
      s = ctx.walk(child, joinPath(path, name), s);
    }
  }
  return s;
}

/** Reads `node` at `path` on `stream` (the walk's own dispatch). */
function dispatch(ctx: WalkContext, node: ModuleNode, path: string, stream: Stream): Stream {
  const block = BLOCKS.find((candidate) => candidate.matches(node));
  if (block !== undefined) return block.run(ctx, node, path, stream);
  if (node.children.length > 0) return walkChildren(ctx, node, path, stream);
  if (CONTAINERS.has(node.type) && node.args.trim() === '') return stream;
  const leaf = leafHandler(node.type);
  if (leaf === undefined) throw new LineProblem(`${node.type} is not a module the parser knows`);
  return leaf(ctx, node, path === '' ? node.type : path, stream);
}

/** The walker of `ctx`: visits, dispatches and rolls back a module that fails. */
export function walkerFor(ctx: WalkContext): Walker {
  return (node, path, stream) => {
    ctx.visit();
    return ctx.attempt(node, stream, () => dispatch(ctx, node, path, stream));
  };
}
