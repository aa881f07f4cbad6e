/**
 * Test helper: memory snapshots as PyTorch lays them out (see torch/csrc/cuda/Module.cpp), built
 * from a few arguments and written as pickles with the test pickle writer.
 */
import { Tuple, writePickle, type PickleInput } from './pickle-writer';

type Dict = { [key: string]: PickleInput };

/** A frame dict. */
export function frame(filename: string, line: number, name: string): Dict {
  return { filename, line, name };
}

/** A stack as PyTorch records it: innermost frame first. */
export const USER_STACK = [
  frame('/usr/lib/python3.11/site-packages/torch/nn/modules/linear.py', 125, 'forward'),
  frame('/home/me/train.py', 42, 'train_step'),
  frame('/home/me/train.py', 80, 'main'),
];

/** A block dict. */
export function block(
  address: number,
  size: number,
  state: 'active_allocated' | 'active_pending_free' | 'inactive',
  requested = size,
  frames: PickleInput[] = [],
): Dict {
  return { address, size, requested_size: requested, state, frames };
}

/** A segment dict around `blocks` (its size is theirs unless given). */
export function segment(address: number, blocks: Dict[], device = 0, totalSize?: number): Dict {
  const total = totalSize ?? blocks.reduce((t, b) => t + (b.size as number), 0);
  const used = blocks.filter((b) => b.state === 'active_allocated');
  const usedBytes = used.reduce((t, b) => t + (b.size as number), 0);
  return {
    device,
    address,
    total_size: total,
    allocated_size: usedBytes,
    active_size: usedBytes,
    requested_size: used.reduce((t, b) => t + (b.requested_size as number), 0),
    stream: 0,
    segment_type: total > 2 * 1024 * 1024 ? 'large' : 'small',
    segment_pool_id: new Tuple([0, 0]),
    is_expandable: false,
    frames: [],
    blocks,
  };
}

/** A trace event dict. */
export function event(
  action: string,
  addr: number,
  size: number,
  timeUs: number | null = null,
  frames: PickleInput[] = [],
): Dict {
  const e: Dict = { action, addr, size, stream: 0 };
  if (timeUs !== null) e.time_us = timeUs;
  e.frames = frames;
  return e;
}

/** An alloc, then free_requested and free_completed of the same block. */
export function allocFree(addr: number, size: number): Dict[] {
  return [
    event('alloc', addr, size),
    event('free_requested', addr, size),
    event('free_completed', addr, size),
  ];
}

/** The top-level snapshot dict. */
export function snapshotDict(segments: Dict[], traces: Dict[][] = [[]]): Dict {
  return {
    segments,
    device_traces: traces,
    allocator_settings: {
      PYTORCH_CUDA_ALLOC_CONF: 'expandable_segments:False',
      max_split_size: -1,
      roundup_power2_divisions: { '1': 0, '2': 0 },
    },
  };
}

/** The pickle of a snapshot dict, written like CPython at protocol 4. */
export function snapshotPickle(segments: Dict[], traces: Dict[][] = [[]]): Uint8Array {
  return writePickle(snapshotDict(segments, traces), { frame: true });
}
