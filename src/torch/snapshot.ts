/**
 * A plain-data picture of a session for the views: which named tensors and modules live where,
 * how big they are, and the memory counters of both sides.
 */
import type { AllocatorStats } from './allocator';
import { deviceToString } from './device';
import type { DTypeName } from './dtype';
import type { HostStats } from './host-memory';
import type { TorchSession } from './session';
import type { Tensor } from './tensor';

/** A named tensor or module as the transfer simulator shows it. */
export interface SessionItem {
  /** The variable name. */
  name: string;
  kind: 'tensor' | 'module';
  /** "(32, 3, 224, 224) float32" or "Linear(512 → 256)". */
  description: string;
  shape: number[];
  dtype: DTypeName;
  /** Where it lives; a module is where its weight is. */
  place: 'cpu' | 'cuda';
  device: string;
  bytes: number;
  pinned: boolean;
  /** True when the variable shares its memory with an earlier item (counted once). */
  sharesMemory: boolean;
}

/** Memory and items of a session. */
export interface SessionSnapshot {
  gpuName: string;
  gpuMemoryBytes: number;
  contextBytes: number;
  gpu: AllocatorStats;
  host: HostStats;
  items: SessionItem[];
}

function tensorItem(name: string, t: Tensor, seen: Set<number>): SessionItem {
  const shares = seen.has(t.storage.id);
  seen.add(t.storage.id);
  return {
    name,
    kind: 'tensor',
    description: `(${t.shape.join(', ')}${t.shape.length === 1 ? ',' : ''}) ${t.dtype}`,
    shape: [...t.shape],
    dtype: t.dtype,
    place: t.storage.device.type === 'cuda' ? 'cuda' : 'cpu',
    device: deviceToString(t.storage.device),
    bytes: t.storage.bytes,
    pinned: t.storage.pinned,
    sharesMemory: shares,
  };
}

/** Takes a snapshot of `session`. */
export function snapshotSession(session: TorchSession): SessionSnapshot {
  const seen = new Set<number>();
  const items: SessionItem[] = [];
  for (const [name, value] of session.variables) {
    if (value.kind === 'tensor') items.push(tensorItem(name, value.tensor, seen));
    if (value.kind === 'module') {
      const { weight, bias } = value.module;
      const weightItem = tensorItem(name, weight, seen);
      const biasBytes = bias ? bias.storage.bytes : 0;
      if (bias) seen.add(bias.storage.id);
      items.push({
        ...weightItem,
        kind: 'module',
        description: `Linear(${value.module.inFeatures} → ${value.module.outFeatures})`,
        bytes: weight.storage.bytes + biasBytes,
      });
    }
  }
  return {
    gpuName: session.gpu.name,
    gpuMemoryBytes: session.allocator.capacityBytes,
    contextBytes: session.allocator.contextBytes,
    gpu: session.allocator.stats(),
    host: session.host.stats(),
    items,
  };
}
