/**
 * A PyTorch CUDA memory snapshot, typed: what `torch.cuda.memory._snapshot()` returns and
 * `_dump_snapshot()` pickles (see torch/cuda/memory.py and torch/csrc/cuda/Module.cpp). Sizes are
 * in bytes, times in microseconds. Stack traces are interned: each event or block names its
 * stack by id in a {@link StackTable}. Pure types.
 */

/** One frame of a recorded stack trace (Python, TorchScript or C++). */
export interface StackFrame {
  filename: string;
  line: number;
  /** Function name. */
  name: string;
}

/** Distinct stack traces, innermost frame first, by id; id 0 is the empty stack. */
export interface StackTable {
  stacks: StackFrame[][];
}

/** The state of a block, as the allocator reports it. */
export type BlockState = 'active_allocated' | 'active_pending_free' | 'inactive';

/** A piece of a segment: one allocation, or cached free space. */
export interface SnapshotBlock {
  address: number;
  /** Bytes the block occupies (the request rounded up by the allocator). */
  sizeBytes: number;
  /** Bytes the program asked for. */
  requestedBytes: number;
  state: BlockState;
  /** Where it was allocated (0: not recorded). */
  stackId: number;
}

/** Memory the caching allocator got from one cudaMalloc (or an expandable segment). */
export interface SnapshotSegment {
  device: number;
  address: number;
  totalBytes: number;
  stream: number;
  /** "large" (a pool for requests over 1 MiB) or "small". */
  segmentType: string;
  blocks: SnapshotBlock[];
}

/** The actions a trace event can record (PyTorch may add others; they are kept as "other"). */
export type TraceAction =
  | 'alloc'
  | 'free_requested'
  | 'free_completed'
  | 'segment_alloc'
  | 'segment_free'
  | 'segment_map'
  | 'segment_unmap'
  | 'snapshot'
  | 'oom'
  | 'other';

/** One event of the allocator's recorded history. */
export interface TraceEvent {
  action: TraceAction;
  /** Block or segment address (0 for oom and snapshot events). */
  addr: number;
  /** Bytes requested (alloc and free events) or segment size. */
  sizeBytes: number;
  stream: number;
  /** When it happened, if recorded. */
  timeMicroseconds: number | null;
  /** For oom events: what CUDA still reported free. */
  deviceFreeBytes: number | null;
  stackId: number;
}

/** The whole snapshot. */
export interface MemorySnapshot {
  segments: SnapshotSegment[];
  /** One list of events per device index (empty lists when history was not recorded). */
  deviceTraces: TraceEvent[][];
  stackTable: StackTable;
  /** The allocator's settings, as text pairs (PYTORCH_CUDA_ALLOC_CONF and the like). */
  allocatorSettings: Array<[string, string]>;
  /** Other top-level keys the file holds, kept by name. */
  otherKeys: string[];
  /** A dict from `_snapshot()`, or a bare list of segments from `torch.cuda.memory_snapshot()`. */
  shape: 'snapshot-dict' | 'segment-list';
}
