import { describe, expect, it } from 'vitest';
import { baseName, frameKind, frameLabel, shortStack } from './frames';
import type { StackFrame } from './types';

const f = (filename: string, line: number, name: string): StackFrame => ({ filename, line, name });
const TORCH = '/usr/local/lib/python3.11/site-packages/torch';

describe('frames', () => {
  it('tells the learner’s code from libraries and C++', () => {
    expect(frameKind(f('/home/me/train.py', 3, 'main'))).toBe('user');
    expect(frameKind(f('C:\\work\\train.py', 3, 'main'))).toBe('user');
    expect(frameKind(f(`${TORCH}/nn/modules/linear.py`, 125, 'forward'))).toBe('library');
    expect(frameKind(f('/opt/conda/lib/python3.10/runpy.py', 86, '_run_code'))).toBe('library');
    expect(frameKind(f('<frozen runpy>', 88, '_run_code'))).toBe('library');
    expect(frameKind(f('/pytorch/c10/cuda/CUDACachingAllocator.cpp', 9, 'malloc'))).toBe('native');
    expect(frameKind(f('??', 0, 'at::native::empty_cuda'))).toBe('native');
  });

  it('labels a frame by file, line and function', () => {
    expect(baseName('/a/b/train.py')).toBe('train.py');
    expect(frameLabel(f('/a/b/train.py', 42, 'step'))).toBe('train.py:42 in step');
    expect(frameLabel(f('/a/b/train.py', 42, 'step'), true)).toBe('/a/b/train.py:42 in step');
    // As a real H100 snapshot has them: C++ frames with no file, or "??".
    expect(frameLabel(f('??', 0, 'at::detail::empty_generic'))).toBe('at::detail::empty_generic');
    expect(frameLabel(f('', 0, 'c10::cuda::malloc'))).toBe('c10::cuda::malloc');
  });

  it('keeps the learner’s frames, innermost first, and counts the hidden ones', () => {
    const stack = [
      f('/x/CUDACachingAllocator.cpp', 1, 'c10::malloc'),
      f(`${TORCH}/nn/modules/linear.py`, 125, 'forward'),
      f('/home/me/model.py', 10, 'forward'),
      f('/home/me/train.py', 42, 'step'),
      f('/home/me/train.py', 80, 'main'),
    ];
    const short = shortStack(stack);
    expect(short.frames.map((x) => x.line)).toEqual([10, 42]);
    expect(short.internalOnly).toBe(false);
    expect(short.hiddenCount).toBe(3);
  });

  it('falls back to the innermost Python frame when no frame is the learner’s', () => {
    const stack = [
      f('/x/engine.cpp', 1, 'torch::autograd::Engine::thread_main'),
      f(`${TORCH}/autograd/graph.py`, 8, 'run'),
    ];
    expect(shortStack(stack)).toEqual({ frames: [stack[1]], internalOnly: true, hiddenCount: 1 });
    expect(shortStack([])).toEqual({ frames: [], internalOnly: true, hiddenCount: 0 });
  });

  it('skips the allocator’s own frames on a stack of C++ only', () => {
    const backward = [
      f(
        '/pytorch/c10/cuda/CUDACachingAllocator.cpp',
        1244,
        'c10::cuda::CUDACachingAllocator::malloc',
      ),
      f('/pytorch/torch/csrc/autograd/generated/Functions.cpp', 2101, 'AddmmBackward0::apply'),
      f('/pytorch/torch/csrc/autograd/engine.cpp', 620, 'torch::autograd::Engine::thread_main'),
    ];
    expect(shortStack(backward).frames).toEqual([backward[1]]);
  });
});
