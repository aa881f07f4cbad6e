/**
 * The state of one console session: the simulated GPU from the catalog, its caching allocator,
 * host memory, the Python variables, every live storage, the random generator and the log of
 * host-device copies. Tensors that no variable reaches any more are freed after each statement,
 * as Python's reference counting would.
 */
import {
  getGpu,
  isGpuId,
  listGpus,
  MY_MACHINE_ID,
  type Gpu,
  type GpuId,
  type LinkId,
} from '../engine/catalog';
import { CachingAllocator } from './allocator';
import type { TensorCompute } from './compute';
import type { Device } from './device';
import { HostMemory } from './host-memory';
import { createRandom, type RandomSource } from './random';
import type { Storage, Tensor } from './tensor';
import type { DTypeName } from './dtype';
import type { Value } from './values';
import type { TransferRecord } from './transfer-record';
import { modelLaunch, type KernelLaunch } from './kernel-launch';
import type { KernelDescriptor } from '../engine/models';

/** The GPU the simulator starts with. */
export const DEFAULT_GPU: GpuId = 'a100-sxm-80gb';

/** Memory the CUDA context takes on the GPU before any tensor: an estimate, about 0.5 GiB. */
export const CUDA_CONTEXT_BYTES = 512 * 1024 ** 2;

/** Options for a new session. */
export interface SessionOptions {
  gpu?: GpuId;
  /** The host link copies cross; defaults to the GPU's own. */
  link?: LinkId;
  hostMemoryBytes?: number;
  seed?: number;
  compute?: TensorCompute | null;
}

/** Catalog GPUs that can play the CUDA device (Apple's GPU has no CUDA). */
export function cudaGpus(): Gpu[] {
  // The learner's machine ran the CUDA calibration snippet, even when its report is too old to
  // name the architecture.
  return listGpus().filter((g) => g.id === MY_MACHINE_ID || /sm_\d\d/.test(g.architecture));
}

/** True when `id` names a catalog GPU that can play the CUDA device. */
export function isCudaGpuId(id: unknown): id is GpuId {
  return isGpuId(id) && cudaGpus().some((g) => g.id === id);
}

/** One console session. */
export class TorchSession {
  readonly gpu: Gpu;
  link: LinkId;
  readonly allocator: CachingAllocator;
  readonly host: HostMemory;
  readonly variables = new Map<string, Value>();
  readonly storages = new Map<number, Storage>();
  random: RandomSource;
  compute: TensorCompute | null;
  /** Copies made since the log was last drained. */
  transfers: TransferRecord[] = [];
  /** CUDA kernels launched since the log was last drained. */
  launches: KernelLaunch[] = [];
  /** Lines print() wrote since the output was last drained. */
  printed: string[] = [];
  /** How many results the compute backend produced, and how many disagreed with the CPU. */
  backendResults = { computed: 0, mismatched: 0 };
  private nextId = 1;

  constructor(options: SessionOptions = {}) {
    const gpuId = options.gpu ?? DEFAULT_GPU;
    if (!isCudaGpuId(gpuId))
      throw new RangeError(`"${String(gpuId)}" is not a CUDA GPU in the catalog`);
    this.gpu = getGpu(gpuId);
    this.link = options.link ?? this.gpu.hostLink;
    this.allocator = new CachingAllocator(this.gpu.memoryBytes.value, CUDA_CONTEXT_BYTES);
    this.host = new HostMemory(options.hostMemoryBytes);
    this.random = createRandom(options.seed ?? 0);
    this.compute = options.compute ?? null;
  }

  /**
   * Records a CUDA kernel launch with the engine's time for `descriptor` on this session's GPU
   * (null descriptor: not modeled). Returns the record, so a measured time can be added to it.
   */
  recordLaunch(
    op: string,
    outputElements: number,
    dtype: DTypeName,
    descriptor: KernelDescriptor | null,
  ): KernelLaunch {
    const launch: KernelLaunch = {
      id: this.newId(),
      op,
      outputElements,
      dtype,
      modeled: modelLaunch(this.gpu, descriptor, dtype),
      measured: null,
    };
    this.launches.push(launch);
    return launch;
  }

  /** A fresh id for a tensor or storage. */
  newId(): number {
    return this.nextId++;
  }

  /** Allocates a storage on `device` (throws the device's out-of-memory error). */
  allocateStorage(
    device: Device,
    bytes: number,
    pinned: boolean,
    values: Float64Array | null,
  ): Storage {
    let blockId: number | null = null;
    if (device.type === 'cuda') blockId = this.allocator.allocate(bytes);
    else this.host.allocate(bytes, pinned);
    const storage: Storage = {
      id: this.newId(),
      device,
      bytes,
      pinned,
      values,
      blockId,
      computedBy: null,
    };
    this.storages.set(storage.id, storage);
    return storage;
  }

  /** Wraps a storage in a tensor. */
  newTensor(
    storage: Storage,
    shape: number[],
    dtype: DTypeName,
    extra: Partial<Pick<Tensor, 'requiresGrad' | 'gradFn' | 'isParameter'>> = {},
  ): Tensor {
    return {
      id: this.newId(),
      storage,
      shape,
      dtype,
      requiresGrad: extra.requiresGrad ?? false,
      gradFn: extra.gradFn ?? null,
      isParameter: extra.isParameter ?? false,
    };
  }

  /** Frees every storage no variable reaches (plus those in `keep`, e.g. a value being printed). */
  collectGarbage(keep: readonly Value[] = []): void {
    const reachable = new Set<number>();
    // Lists and tuples can share items (t = (t, t)), so each is walked once.
    const seen = new Set<Value>();
    const mark = (value: Value): void => {
      if (seen.has(value)) return;
      seen.add(value);
      switch (value.kind) {
        case 'tensor':
        case 'ndarray':
          reachable.add(value.tensor.storage.id);
          break;
        case 'module':
          reachable.add(value.module.weight.storage.id);
          if (value.module.bias) reachable.add(value.module.bias.storage.id);
          break;
        case 'tuple':
        case 'list':
          value.items.forEach(mark);
          break;
        default:
      }
    };
    this.variables.forEach(mark);
    keep.forEach(mark);
    for (const [id, storage] of this.storages) {
      if (reachable.has(id)) continue;
      this.releaseStorage(storage);
    }
  }

  private releaseStorage(storage: Storage): void {
    if (storage.device.type === 'cuda') this.allocator.free(storage.blockId);
    else this.host.free(storage.bytes, storage.pinned);
    this.storages.delete(storage.id);
  }
}
