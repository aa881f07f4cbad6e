#!/usr/bin/env python3
"""Writes src/widgets/memory-snapshot/testing/generated-example.pickle, a test fixture for the
memory-snapshot widget. (The example the page offers, public/examples/memory-snapshot-example.pickle,
was recorded on a real H100: see docs/device-runs.md.)

No GPU (and no torch) is needed: this builds, in the format documented in torch/cuda/memory.py
(`_snapshot`) and written by torch/csrc/cuda/Module.cpp, what `_record_memory_history()` then
`_dump_snapshot()` would save around five steps of a small MLP trained with Adam. A simplified
caching allocator decides the addresses: requests rounded up to 512 bytes, a small pool (up to
1 MiB, 2 MiB segments) and a large pool (20 MiB segments below 10 MiB, else rounded to 2 MiB),
best fit, blocks split and merged. Every number is made up but shaped like a real recording.

Run: python3 scripts/make-memory-snapshot-example.py  (deterministic: same bytes every run)
"""
import os
import pickle

KIB = 1024
MIB = 1024 * KIB
SMALL_LIMIT = 1 * MIB
OUT = os.path.join(os.path.dirname(__file__), '..', 'src', 'widgets', 'memory-snapshot', 'testing',
                   'generated-example.pickle')

USER = '/home/learner/gpu-lab/train.py'
TORCH = '/usr/local/lib/python3.11/site-packages/torch'
CPP = '/opt/pytorch'


def frame(filename, line, name):
    return {'filename': filename, 'line': line, 'name': name}


# C++ frames at the top of every stack (stacks="all", the default, records them).
MALLOC = [
    frame(f'{CPP}/c10/cuda/CUDACachingAllocator.cpp', 1244,
          'c10::cuda::CUDACachingAllocator::Native::DeviceCachingAllocator::malloc'),
    frame(f'{CPP}/c10/cuda/CUDACachingAllocator.cpp', 3771,
          'c10::cuda::CUDACachingAllocator::Native::NativeCachingAllocator::allocate'),
]
MAIN = [frame(USER, 83, 'main'), frame(USER, 91, '<module>')]
STEP = [frame(USER, 52, 'train_step')] + MAIN


def call(module_line, module_name, user_line):
    """Python frames of a module call inside train_step (innermost first)."""
    return [
        frame(f'{TORCH}/nn/modules/{module_line[0]}', module_line[1], module_name),
        frame(f'{TORCH}/nn/modules/module.py', 1762, '_call_impl'),
        frame(f'{TORCH}/nn/modules/module.py', 1751, '_wrapped_call_impl'),
        frame(f'{TORCH}/nn/modules/container.py', 240, 'forward'),
        frame(f'{TORCH}/nn/modules/module.py', 1762, '_call_impl'),
        frame(f'{TORCH}/nn/modules/module.py', 1751, '_wrapped_call_impl'),
        frame(USER, user_line, 'train_step'),
    ] + MAIN


def op(cpp_name, python):
    return MALLOC + [frame(f'{CPP}/aten/src/ATen/native/cuda/{cpp_name[0]}', cpp_name[1],
                           cpp_name[2])] + python


STACKS = {
    'to_param': op(('Copy.cu', 301, 'at::native::_to_copy'), [
        frame(f'{TORCH}/nn/modules/module.py', 1355, 'convert'),
        frame(f'{TORCH}/nn/modules/module.py', 942, '_apply'),
        frame(f'{TORCH}/nn/modules/module.py', 915, '_apply'),
        frame(f'{TORCH}/nn/modules/module.py', 1369, 'to'),
        frame(USER, 31, 'build_model'),
        frame(USER, 77, 'main'), frame(USER, 91, '<module>')]),
    'batch': op(('Copy.cu', 301, 'at::native::_to_copy'), [frame(USER, 46, 'train_step')] + MAIN),
    'workspace': MALLOC + [
        frame(f'{CPP}/aten/src/ATen/cuda/CublasHandlePool.cpp', 167, 'at::cuda::getNewWorkspace'),
        frame(f'{CPP}/aten/src/ATen/cuda/CUDABlas.cpp', 402, 'at::cuda::blas::gemm')] + call(
            ('linear.py', 125), 'forward', 47),
    'linear': op(('Blas.cpp', 210, 'at::native::addmm_out_cuda_impl'),
                 call(('linear.py', 125), 'forward', 47)),
    'relu': op(('Activation.cpp', 88, 'at::native::relu'),
               [frame(f'{TORCH}/nn/functional.py', 1704, 'relu')] + call(
                   ('activation.py', 133), 'forward', 47)),
    'loss': op(('SoftMax.cu', 1092, 'at::native::log_softmax_cuda_out'), [
        frame(f'{TORCH}/nn/functional.py', 3494, 'cross_entropy'),
        frame(f'{TORCH}/nn/modules/loss.py', 1295, 'forward'),
        frame(f'{TORCH}/nn/modules/module.py', 1762, '_call_impl'),
        frame(f'{TORCH}/nn/modules/module.py', 1751, '_wrapped_call_impl'),
        frame(USER, 48, 'train_step')] + MAIN),
    # Backward runs on autograd's own thread: no Python frames, only C++.
    'backward': MALLOC + [
        frame(f'{CPP}/torch/csrc/autograd/generated/Functions.cpp', 2101,
              'torch::autograd::generated::AddmmBackward0::apply'),
        frame(f'{CPP}/torch/csrc/autograd/engine.cpp', 1080,
              'torch::autograd::Engine::evaluate_function'),
        frame(f'{CPP}/torch/csrc/autograd/engine.cpp', 620,
              'torch::autograd::Engine::thread_main')],
    'adam_state': op(('TensorFactories.cpp', 350, 'at::native::zeros_like'), [
        frame(f'{TORCH}/optim/adam.py', 167, '_init_group'),
        frame(f'{TORCH}/optim/adam.py', 241, 'step'),
        frame(f'{TORCH}/optim/optimizer.py', 79, '_use_grad'),
        frame(f'{TORCH}/optim/optimizer.py', 493, 'wrapper'),
        frame(USER, 51, 'train_step')] + MAIN),
    'adam_temp': op(('ForeachUnaryOp.cu', 265, 'at::native::foreach_tensor_sqrt_cuda'), [
        frame(f'{TORCH}/optim/adam.py', 593, '_multi_tensor_adam'),
        frame(f'{TORCH}/optim/optimizer.py', 155, 'maybe_fallback'),
        frame(f'{TORCH}/optim/adam.py', 276, 'step'),
        frame(f'{TORCH}/optim/optimizer.py', 79, '_use_grad'),
        frame(f'{TORCH}/optim/optimizer.py', 493, 'wrapper'),
        frame(USER, 51, 'train_step')] + MAIN),
    'zero_grad': [frame(f'{TORCH}/optim/optimizer.py', 1001, 'zero_grad'),
                  frame(USER, 44, 'train_step')] + MAIN,
    'rebind': [frame(USER, 46, 'train_step')] + MAIN,
}


def round_size(n):
    return 512 if n < 512 else 512 * ((n + 511) // 512)


def segment_size(n):
    if n <= SMALL_LIMIT:
        return 2 * MIB
    if n < 10 * MIB:
        return 20 * MIB
    return 2 * MIB * ((n + 2 * MIB - 1) // (2 * MIB))


class Allocator:
    """The caching allocator, simplified, recording trace events as PyTorch does."""

    def __init__(self):
        self.segments = []  # dicts: addr, size, pool, blocks, stack
        self.live = {}
        self.trace = []
        self.next_segment = 0x7F3A4C000000
        self.time_us = 1_718_000_000_000_000

    def tick(self, us):
        self.time_us += us

    def event(self, action, addr, size, stack):
        self.tick(3)
        self.trace.append({'action': action, 'addr': addr, 'size': size, 'stream': 0,
                           'time_us': self.time_us, 'frames': STACKS[stack] if stack else []})

    def malloc(self, requested, stack):
        size = round_size(requested)
        pool = 'small' if size <= SMALL_LIMIT else 'large'
        free = [b for s in self.segments if s['pool'] == pool for b in s['blocks']
                if not b['allocated'] and b['size'] >= size]
        if free:
            block = min(free, key=lambda b: (b['size'], b['addr']))
        else:
            total = segment_size(size)
            seg = {'addr': self.next_segment, 'size': total, 'pool': pool, 'stack': stack}
            seg['blocks'] = [{'addr': seg['addr'], 'size': total, 'allocated': False, 'seg': seg}]
            self.next_segment += total + 2 * MIB
            self.segments.append(seg)
            self.event('segment_alloc', seg['addr'], total, stack)
            block = seg['blocks'][0]
        rest = block['size'] - size
        if (pool == 'small' and rest >= 512) or (pool == 'large' and rest > SMALL_LIMIT):
            blocks = block['seg']['blocks']
            blocks.insert(blocks.index(block) + 1, {'addr': block['addr'] + size, 'size': rest,
                                                    'allocated': False, 'seg': block['seg']})
            block['size'] = size
        block.update(allocated=True, requested=requested, stack=stack)
        self.live[block['addr']] = block
        self.event('alloc', block['addr'], requested, stack)
        return block['addr']

    def free(self, addr, stack):
        block = self.live.pop(addr)
        self.event('free_requested', addr, block['requested'], stack)
        self.event('free_completed', addr, block['requested'], stack)
        block.update(allocated=False, requested=0, stack=None)
        blocks = block['seg']['blocks']
        i = blocks.index(block)
        for j in (i + 1, i - 1):  # merge with free neighbours
            if 0 <= j < len(blocks) and not blocks[j]['allocated']:
                lo, hi = sorted((blocks[i], blocks[j]), key=lambda b: b['addr'])
                lo['size'] += hi['size']
                blocks.remove(hi)
                i = blocks.index(lo)

    def snapshot(self):
        active = sum(b['requested'] for b in self.live.values())
        self.event('snapshot', 0, active, None)
        segments = []
        for s in self.segments:
            alloc = [b for b in s['blocks'] if b['allocated']]
            blocks = [{'address': b['addr'], 'size': b['size'],
                       'requested_size': b.get('requested', 0) if b['allocated'] else 0,
                       'state': 'active_allocated' if b['allocated'] else 'inactive',
                       'frames': STACKS[b['stack']] if b['allocated'] else []}
                      for b in s['blocks']]
            used = sum(b['size'] for b in alloc)
            segments.append({
                'device': 0, 'address': s['addr'], 'total_size': s['size'],
                'allocated_size': used, 'active_size': used,
                'requested_size': sum(b['requested'] for b in alloc), 'stream': 0,
                'segment_type': s['pool'], 'segment_pool_id': (0, 0), 'is_expandable': False,
                'frames': STACKS[s['stack']], 'blocks': blocks})
        settings = {'PYTORCH_CUDA_ALLOC_CONF': '', 'max_split_size': -1,
                    'garbage_collection_threshold': 0.0, 'expandable_segments': False,
                    'pinned_num_register_threads': 1, 'release_lock_on_cudamalloc': False,
                    'pinned_use_cuda_host_register': False,
                    'roundup_power2_divisions': {str(2 ** i): 0 for i in range(6)}}
        return {'segments': segments, 'device_traces': [self.trace],
                'allocator_settings': settings}


def train(a, steps=5, batch=512, sizes=(784, 2048, 2048, 10)):
    f32 = 4
    params = []
    for fan_in, fan_out in zip(sizes, sizes[1:]):
        params.append(a.malloc(fan_in * fan_out * f32, 'to_param'))
        params.append(a.malloc(fan_out * f32, 'to_param'))
    a.tick(2000)
    grads, state, kept = [], [], []
    for step in range(steps):
        for g in grads:
            a.free(g, 'zero_grad')
        grads = []
        for k in kept:  # last step's batch and loss, freed as the names are rebound
            a.free(k, 'rebind')
        a.tick(400)
        x = a.malloc(batch * sizes[0] * f32, 'batch')
        y = a.malloc(batch * 8, 'batch')
        if step == 0:
            a.malloc(8 * MIB, 'workspace')  # cuBLAS workspace, kept for the process
        h = x
        saved = []
        for layer, width in enumerate(sizes[1:]):
            a.tick(120)
            out = a.malloc(batch * width * f32, 'linear')
            if layer < len(sizes) - 2:
                act = a.malloc(batch * width * f32, 'relu')
                a.free(out, 'relu')
                out = act
            saved.append(out)
        logp = a.malloc(batch * sizes[-1] * f32, 'loss')
        loss = a.malloc(4, 'loss')
        a.tick(300)
        # backward, last layer first
        g_out = a.malloc(batch * sizes[-1] * f32, 'backward')
        a.free(logp, 'backward')
        for layer in reversed(range(len(sizes) - 1)):
            a.tick(150)
            fan_in, fan_out = sizes[layer], sizes[layer + 1]
            grads.append(a.malloc(fan_in * fan_out * f32, 'backward'))
            grads.append(a.malloc(fan_out * f32, 'backward'))
            if layer > 0:
                g_in = a.malloc(batch * fan_in * f32, 'backward')
                a.free(g_out, 'backward')
                a.free(saved[layer - 1], 'backward')
                g_out = a.malloc(batch * fan_in * f32, 'backward')  # through the ReLU
                a.free(g_in, 'backward')
        a.free(g_out, 'backward')
        a.tick(200)
        if step == 0:
            for p in params:
                size = a.live[p]['requested']
                state.append(a.malloc(size, 'adam_state'))
                state.append(a.malloc(size, 'adam_state'))
        temps = [a.malloc(a.live[p]['requested'], 'adam_temp') for p in params]
        a.tick(250)
        for t in temps:
            a.free(t, 'adam_temp')
        a.free(saved[-1], 'rebind')  # the logits, a local of the step
        kept = [x, y, loss]
        a.tick(1500)


def main():
    allocator = Allocator()
    train(allocator)
    snapshot = allocator.snapshot()
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'wb') as f:
        pickle.dump(snapshot, f, protocol=4)
    print(f'wrote {os.path.relpath(OUT)}: {os.path.getsize(OUT)} bytes, '
          f'{len(snapshot["device_traces"][0])} events, {len(snapshot["segments"])} segments')


if __name__ == '__main__':
    main()
