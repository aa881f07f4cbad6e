/**
 * Host (CPU) memory of the simulated machine: what CPU tensors take, pageable or pinned.
 * PyTorch's CPU allocator returns memory at once, so there is no cache to model.
 */
import { runtimeError } from './errors';

/** RAM of the simulated workstation: 64 GiB, a common size for a single-GPU machine. */
export const DEFAULT_HOST_MEMORY_BYTES = 64 * 1024 ** 3;

/** Host memory counters. */
export interface HostStats {
  capacityBytes: number;
  usedBytes: number;
  pinnedBytes: number;
}

/** Tracks CPU tensor memory against the host's RAM. */
export class HostMemory {
  private used = 0;
  private pinned = 0;

  constructor(readonly capacityBytes = DEFAULT_HOST_MEMORY_BYTES) {}

  /** Takes `bytes`; throws PyTorch's CPU allocator error when RAM runs out. */
  allocate(bytes: number, pinned: boolean): void {
    if (this.used + bytes > this.capacityBytes) {
      throw runtimeError(
        `[enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you tried to allocate ${BigInt(Math.round(bytes)).toString()} bytes.`,
        `The simulated machine has ${Math.round(this.capacityBytes / 1024 ** 3)} GiB of RAM and ${((this.capacityBytes - this.used) / 1024 ** 3).toFixed(2)} GiB of it is free. Use a smaller shape, or delete tensors you no longer need.`,
      );
    }
    this.used += bytes;
    if (pinned) this.pinned += bytes;
  }

  /** Gives `bytes` back. */
  free(bytes: number, pinned: boolean): void {
    this.used = Math.max(0, this.used - bytes);
    if (pinned) this.pinned = Math.max(0, this.pinned - bytes);
  }

  /** Current counters. */
  stats(): HostStats {
    return { capacityBytes: this.capacityBytes, usedBytes: this.used, pinnedBytes: this.pinned };
  }
}
