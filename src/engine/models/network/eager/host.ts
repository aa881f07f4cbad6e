/**
 * The host side of a step: how long the CPU takes to dispatch it. Every cost is a multiple of the
 * machine's `hostOpSeconds`, the time of one tiny eager op from Python (`torch.relu` on a small
 * tensor, 1,000 calls in a row, synchronised once), so a faster or slower host scales every term
 * together; the course's calibration snippet prints it for the learner's machine.
 *
 * Eager: forward pays per module call, per ATen op called from Python, per view, per kernel an
 * op launches beyond its first, per cuDNN call, and per container module (a torchvision block, a
 * Hugging Face layer, whose Python is heavier); backward pays per autograd node and per kernel;
 * the optimizer and `zero_grad` pay per parameter tensor and per foreach op; and every step pays
 * a fixed cost (`backward()`'s hand-off to the autograd thread, the optimizer's entry, the
 * synchronisation). Compiled (`torch.compile`): the forward and backward graphs run as Python
 * wrappers that launch each fused kernel; module calls and autograd nodes are gone. CUDA graphs:
 * one replay per graph. Where each multiple comes from is in its figure's note. Pure.
 */
import { estimate, measured, type Figure } from '../../../catalog/figure';
import { H200_BERT_TRACE, H200_EAGER } from '../../../catalog/network-sources';
import type { BackwardDispatch, ForwardDispatch } from './dispatch';

/** Seconds of one tiny eager op on the H200 machine: the default `hostOpSeconds`. */
export const DEFAULT_HOST_OP_SECONDS: Figure = measured(
  8.49e-6,
  's',
  H200_EAGER,
  'torch.relu on 10,000 floats: 9.69 and 7.29 us in two runs, mean 8.49 us',
);

/** Multiples of `hostOpSeconds`: what each kind of dispatch costs the host. */
export const HOST_COSTS = {
  /** An ATen op called from Python that launches a kernel: the unit itself. */
  op: estimate(1, 'host ops', H200_EAGER, 'by definition: the torch.relu call hostOpSeconds times'),
  /** An nn.Module call on top of the op it makes. */
  moduleCall: measured(
    1.73,
    'host ops',
    H200_EAGER,
    'nn.Linear(16, 16) called on an (8, 16) tensor: 26.8 and 19.5 us, mean 23.15 us; minus the op itself (8.49 us) leaves 14.66 us = 1.73 ops',
  ),
  /** A view, transpose or reshape called from Python (no kernel). */
  view: estimate(
    0.35,
    'host ops',
    H200_BERT_TRACE,
    'aten::view 2.3 us and aten::transpose 5.0 us per call in the trace against about 10 us for a kernel-launching op there',
  ),
  /** A kernel launched from C++ inside an op or an autograd node (autocast casts, backward). */
  kernel: estimate(
    0.5,
    'host ops',
    H200_BERT_TRACE,
    'fitted: see docs/cost-engine.md, "Host time"',
  ),
  /** An autograd node evaluated by the engine's C++ thread. */
  node: estimate(
    2.3,
    'host ops',
    H200_BERT_TRACE,
    "fitted on the trace's backward: 922 nodes and 694 kernels per step in about 21 ms once the profiler's own cost is taken out",
  ),
  /** A call into cuDNN (convolution, batch norm): its frontend plans and checks on the host. */
  cudnnCall: estimate(
    1.95,
    'host ops',
    H200_EAGER,
    'fitted on ResNet-50 at batch 32 (20.9 ms, host-bound) with the other multiples fixed',
  ),
  /** A torch.nn or torchvision container (Sequential, Bottleneck): its call and its Python. */
  torchContainer: estimate(
    2.73,
    'host ops',
    H200_EAGER,
    'a module call (1.73) plus about one op of Python in its forward',
  ),
  /** A Hugging Face module with a forward of its own (BertLayer, BertSdpaSelfAttention). */
  hfContainer: estimate(
    17,
    'host ops',
    H200_BERT_TRACE,
    "fitted on the trace's forward: about 16.6 ms per step once the profiler's cost is taken out, against its 80 such modules",
  ),
  /**
   * The same module's forward under `torch.no_grad()` (an inference step). The training figure
   * above was fitted on a forward that records the autograd graph: every op inside the module
   * makes a node and saves its inputs, and that cost sat in the module's share. Without grad
   * it is gone; the module's Python and its ops' own dispatch (the `op` unit was measured
   * without grad) stay.
   */
  hfContainerNoGrad: estimate(
    10,
    'host ops',
    H200_EAGER,
    'fitted on BERT-base inference at batch 32 x 128 on the H200 (8.15 ms measured, docs/device-runs.md, issue 20 case 11) with every other multiple fixed',
  ),
  /** Per parameter tensor per step: the optimizer's Python lists, `.item()` on steps, zero_grad. */
  paramTensor: estimate(
    1.85,
    'host ops',
    H200_BERT_TRACE,
    "fitted on the trace's optimizer: 206 tensors, 9 foreach ops, 48 kernels in about 3.7 ms",
  ),
  /** The same with a fused optimizer (`fused=True`): no per-tensor `.item()`, one op. */
  paramTensorFused: estimate(
    1.1,
    'host ops',
    H200_EAGER,
    'fitted on BERT-base with AdamW(fused=True): 36.9 ms against 42.8 ms with foreach',
  ),
  /** Fixed per step: backward()'s hand-off, the optimizer's entry, zero_grad's, the sync. */
  step: estimate(
    65,
    'host ops',
    H200_EAGER,
    'fitted on the MLP (784-512-512-10) at batch 64: 1.22 ms for 30 kernels',
  ),
  /** Fixed per inference step: the loop, `torch.no_grad()`'s entry and exit, the sync. */
  inferenceStep: estimate(
    10,
    'host ops',
    H200_EAGER,
    'a no_grad forward loop with a synchronisation: about 85 us on that host',
  ),
  /** A compiled graph's call: guards, the wrapper's entry and exit. */
  graphCall: estimate(
    12,
    'host ops',
    H200_EAGER,
    'about 100 us per compiled graph call on that host: guard checks and the Python wrapper',
  ),
  /** A kernel launched by a compiled graph's Python wrapper (Triton or cuBLAS). */
  compiledKernel: estimate(
    0.4,
    'host ops',
    H200_EAGER,
    'a launch from the wrapper without the dispatcher: about 3-4 us',
  ),
  /** Replaying one captured CUDA graph. */
  graphReplay: estimate(
    2,
    'host ops',
    H200_EAGER,
    'cudaGraphLaunch and the replay bookkeeping, about 15-20 us',
  ),
} as const;

/** Host ops of one layer's forward dispatches (eager). */
export function forwardHostOps(d: ForwardDispatch): number {
  const c = HOST_COSTS;
  const extraKernels = Math.max(0, d.kernels - d.ops);
  return (
    d.modules * c.moduleCall.value +
    d.ops * c.op.value +
    d.views * c.view.value +
    extraKernels * c.kernel.value +
    d.cudnnCalls * c.cudnnCall.value
  );
}

/** Host ops of one layer's backward dispatches (eager). */
export function backwardHostOps(d: BackwardDispatch): number {
  const c = HOST_COSTS;
  return d.nodes * c.node.value + d.kernels * c.kernel.value + d.cudnnCalls * c.cudnnCall.value;
}

/** Container modules a network's forward calls, by library. */
export interface Containers {
  torch: number;
  hf: number;
}

/** Host ops of the container modules' calls and Python, in training or under no_grad. */
export function containerHostOps(containers: Containers, training: boolean): number {
  const hf = training ? HOST_COSTS.hfContainer : HOST_COSTS.hfContainerNoGrad;
  return containers.torch * HOST_COSTS.torchContainer.value + containers.hf * hf.value;
}
