/**
 * What torch.autocast(device_type="cuda", dtype=...) does to an op, from the lists of PyTorch's
 * "Autocast Op Reference" (CUDA): ops that autocast to the lower precision (listed there as
 * "can autocast to float16"; with dtype=torch.bfloat16 the same ops run in bfloat16), ops that
 * autocast to float32, and ops that promote to the widest input type. Unlisted ops run in the
 * dtype of their inputs; binary_cross_entropy raises an error inside autocast. Pure data.
 */

/** CUDA ops that autocast to the lower precision (float16 or bfloat16). */
export const AUTOCAST_LOWER_PRECISION: readonly string[] = [
  '__matmul__',
  'addbmm',
  'addmm',
  'addmv',
  'addr',
  'baddbmm',
  'bmm',
  'chain_matmul',
  'multi_dot',
  'conv1d',
  'conv2d',
  'conv3d',
  'conv_transpose1d',
  'conv_transpose2d',
  'conv_transpose3d',
  'GRUCell',
  'linear',
  'LSTMCell',
  'matmul',
  'mm',
  'mv',
  'prelu',
  'RNNCell',
];

/** CUDA ops that autocast to float32. */
export const AUTOCAST_FLOAT32: readonly string[] = [
  '__pow__',
  '__rdiv__',
  '__rpow__',
  '__rtruediv__',
  'acos',
  'asin',
  'binary_cross_entropy_with_logits',
  'cosh',
  'cosine_embedding_loss',
  'cdist',
  'cosine_similarity',
  'cross_entropy',
  'cumprod',
  'cumsum',
  'dist',
  'erfinv',
  'exp',
  'expm1',
  'group_norm',
  'hinge_embedding_loss',
  'kl_div',
  'l1_loss',
  'layer_norm',
  'log',
  'log_softmax',
  'log10',
  'log1p',
  'log2',
  'margin_ranking_loss',
  'mse_loss',
  'multilabel_margin_loss',
  'multi_margin_loss',
  'nll_loss',
  'norm',
  'normalize',
  'pdist',
  'poisson_nll_loss',
  'pow',
  'prod',
  'reciprocal',
  'rsqrt',
  'sinh',
  'smooth_l1_loss',
  'soft_margin_loss',
  'softmax',
  'softmin',
  'softplus',
  'sum',
  'renorm',
  'tan',
  'triplet_margin_loss',
];

/** CUDA ops that promote to the widest input type. */
export const AUTOCAST_PROMOTE: readonly string[] = [
  'addcdiv',
  'addcmul',
  'atan2',
  'bilinear',
  'cross',
  'dot',
  'grid_sample',
  'index_put',
  'scatter_add',
  'tensordot',
];

/** Ops that raise an error in an autocast region. */
export const AUTOCAST_ERRORS: readonly string[] = ['binary_cross_entropy'];

/** The dtypes autocast takes on CUDA. */
export const AUTOCAST_DTYPES = ['float16', 'bfloat16'] as const;
/** One of them. */
export type AutocastDtype = (typeof AUTOCAST_DTYPES)[number];

/** Which list an op is on. */
export type AutocastList = 'lower' | 'float32' | 'promote' | 'error' | 'unlisted';

/** The list an op (by its name in the reference) is on. */
export function autocastListOf(op: string): AutocastList {
  if (AUTOCAST_LOWER_PRECISION.includes(op)) return 'lower';
  if (AUTOCAST_FLOAT32.includes(op)) return 'float32';
  if (AUTOCAST_PROMOTE.includes(op)) return 'promote';
  if (AUTOCAST_ERRORS.includes(op)) return 'error';
  return 'unlisted';
}

/** A common call and the op it reaches. */
export interface CommonOp {
  /** What code calls ("nn.Linear", "x @ w"). */
  call: string;
  /** The op's name in the reference lists. */
  op: string;
}

/** Calls most training code makes, in roughly the order a transformer or CNN makes them. */
export const COMMON_OPS: readonly CommonOp[] = [
  { call: 'nn.Linear / F.linear', op: 'linear' },
  { call: 'x @ w / torch.matmul', op: 'matmul' },
  { call: 'torch.bmm (attention scores)', op: 'bmm' },
  { call: 'torch.baddbmm', op: 'baddbmm' },
  { call: 'torch.addmm', op: 'addmm' },
  { call: 'nn.Conv2d', op: 'conv2d' },
  { call: 'nn.LSTMCell', op: 'LSTMCell' },
  { call: 'F.softmax', op: 'softmax' },
  { call: 'F.log_softmax', op: 'log_softmax' },
  { call: 'nn.LayerNorm', op: 'layer_norm' },
  { call: 'nn.GroupNorm', op: 'group_norm' },
  { call: 'nn.CrossEntropyLoss', op: 'cross_entropy' },
  { call: 'nn.MSELoss', op: 'mse_loss' },
  { call: 'nn.BCEWithLogitsLoss', op: 'binary_cross_entropy_with_logits' },
  { call: 'nn.BCELoss', op: 'binary_cross_entropy' },
  { call: 'torch.sum', op: 'sum' },
  { call: 'torch.cumsum', op: 'cumsum' },
  { call: 'torch.exp / torch.log', op: 'exp' },
  { call: 'torch.pow / x ** 2', op: 'pow' },
  { call: 'torch.rsqrt', op: 'rsqrt' },
  { call: 'torch.addcmul', op: 'addcmul' },
  { call: 'torch.dot', op: 'dot' },
  { call: 'x + y / torch.add', op: 'add' },
  { call: 'F.relu / F.gelu', op: 'relu' },
  { call: 'nn.BatchNorm2d', op: 'batch_norm' },
  { call: 'nn.Dropout', op: 'dropout' },
];

/** The dtype an op runs in under autocast, as a short phrase. */
export function runsIn(list: AutocastList, dtype: AutocastDtype): string {
  switch (list) {
    case 'lower':
      return dtype;
    case 'float32':
      return 'float32';
    case 'promote':
      return 'widest input';
    case 'error':
      return 'error';
    case 'unlisted':
      return 'input dtype';
  }
}

/** Why an op runs where it does, in one sentence. */
export function whyItRuns(list: AutocastList, dtype: AutocastDtype): string {
  switch (list) {
    case 'lower':
      return `Matrix products and convolutions: tensor cores run them fastest in ${dtype}.`;
    case 'float32':
      return 'Reductions, exponentials, norms and losses need float32’s range or precision.';
    case 'promote':
      return `Several inputs must agree: all ${dtype} stays ${dtype}, any float32 makes it float32.`;
    case 'error':
      return 'Raises an error under autocast: use BCEWithLogitsLoss (binary_cross_entropy_with_logits).';
    case 'unlisted':
      return `Not on any list: runs in its inputs’ dtype (${dtype} after an autocast matmul; mixed inputs promote natively).`;
  }
}
