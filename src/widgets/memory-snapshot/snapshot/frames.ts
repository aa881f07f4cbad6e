/**
 * Telling the learner's own code from PyTorch's internals in a recorded stack, so a table row can
 * say "train.py:42 in train_step" rather than twenty frames of torch/nn/modules. Pure.
 */
import type { StackFrame } from './types';

/** Where a frame's code lives. */
export type FrameKind = 'user' | 'library' | 'native';

const NATIVE_FILE = /\.(c|cc|cpp|cxx|h|hpp|cu|cuh)$/i;
/** Paths of installed packages, the standard library, PyTorch itself and generated code. */
const LIBRARY_PATH = /[\\/](torch|site-packages|dist-packages)[\\/]|[\\/]lib[\\/]python\d/i;

/** Frames of the allocator and the stack recorder themselves: the same on every stack. */
const ALLOCATOR_MACHINERY =
  /CachingAllocator|CapturedTraceback|unwind::|gather_with_cpp|c10[\\/]core[\\/]/;

/** Whether a frame is the learner's code, a Python library (torch included), or C/C++. */
export function frameKind(frame: StackFrame): FrameKind {
  const file = frame.filename;
  if (file === '' || file === '??' || NATIVE_FILE.test(file) || frame.name.includes('::')) {
    return 'native';
  }
  if (file.startsWith('<') || LIBRARY_PATH.test(file)) return 'library';
  return 'user';
}

/** The last part of a path: "/home/me/train.py" → "train.py". */
export function baseName(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut < 0 ? path : path.slice(cut + 1);
}

/** A frame in one line: "train.py:42 in train_step" (the full path when `fullPath`). */
export function frameLabel(frame: StackFrame, fullPath = false): string {
  // C++ frames the unwinder could not place come with "??" or no file at all: the name says it.
  if (frame.filename === '' || frame.filename === '??') return frame.name;
  const file = fullPath ? frame.filename : baseName(frame.filename);
  return frame.line > 0 ? `${file}:${frame.line} in ${frame.name}` : `${file} in ${frame.name}`;
}

/** The frames worth showing first, and how many the full stack adds. */
export interface ShortStack {
  /** The learner's frames, innermost first (at most `maxFrames`). */
  frames: StackFrame[];
  /** True when no frame is the learner's: `frames` then holds the innermost Python frame. */
  internalOnly: boolean;
  /** Frames of the full stack not in `frames`. */
  hiddenCount: number;
}

/**
 * The learner's frames of a stack (innermost first), hiding PyTorch and C++ internals. With no
 * frame of the learner's, the innermost Python frame, else the innermost C++ frame past the
 * allocator's own (for memory allocated by autograd's backward thread, say).
 */
export function shortStack(stack: readonly StackFrame[], maxFrames = 2): ShortStack {
  const user = stack.filter((f) => frameKind(f) === 'user');
  if (user.length > 0) {
    const frames = user.slice(0, maxFrames);
    return { frames, internalOnly: false, hiddenCount: stack.length - frames.length };
  }
  const python = stack.find((f) => frameKind(f) === 'library');
  const telling = python ?? stack.find((f) => !ALLOCATOR_MACHINERY.test(`${f.filename} ${f.name}`));
  const frames = telling ? [telling] : stack.slice(0, 1);
  return { frames, internalOnly: true, hiddenCount: stack.length - frames.length };
}
