/**
 * A named kernel at a size, made ready to measure on a device: its record looked up in the
 * registry, the size fitted to the device's limits (by the record's own rule, or its lab facet's,
 * or as given), and how its job is built at that size. Every way of measuring a kernel by name
 * (measure-kernel.ts) starts here.
 */
import type { GpuContext } from '../device';
import type { BuildJob } from '../jobs/measure-job';
import type { KernelModule } from '../kernel-module';
import {
  kernelRecord,
  type KernelDetail,
  type KernelName,
  type KernelSize,
} from '../kernels/registry';
import { fitLabSize, type LabSize } from '../sizes/lab-facet';
import type { SizeFit } from '../sizes/size-fit';

/**
 * Which kernel ran, at what size, and why that size differs from the one asked for. `Size` is
 * the size's type as the caller gave it: fitting keeps all it carries, changing only numbers.
 */
export interface KernelRun<K extends KernelName, Size extends KernelSize<K> = KernelSize<K>> {
  kernel: K;
  /** The size that ran: the one asked for, or a smaller one the device could take. */
  size: Size;
  /** Why the size was changed, for the learner; null when it was not. */
  sizeNote: string | null;
}

/** A named kernel at a size that fits the device, and how to build its job there. */
export interface PreparedKernel<
  K extends KernelName,
  Size extends KernelSize<K> = KernelSize<K>,
> extends KernelRun<K, Size> {
  /** Builds the kernel's job at the fitted size on a device. */
  build: BuildJob<KernelDetail<K>>;
}

/** The size of `record` that runs on `gpu`; see the file comment. */
function fitOn<Size>(
  record: KernelModule<Size, unknown, unknown>,
  size: Size,
  gpu: GpuContext,
): SizeFit<Size> {
  const limits = gpu.device.limits;
  if (record.fit) return record.fit(size, limits);
  if (record.lab) return fitLabSize(record.lab, size as LabSize, limits) as SizeFit<Size>;
  return { size, reduced: false, message: null };
}

/**
 * Looks up `kernel`, fits `size` to `gpu` and returns how to build its job. Throws a RangeError
 * for an unknown name, a size of the wrong kind, or one that cannot be made to fit.
 */
export function prepareKernel<K extends KernelName, Size extends KernelSize<K>>(
  gpu: GpuContext,
  kernel: K,
  size: Size,
): PreparedKernel<K, Size> {
  // The record of `kernel` takes sizes of its kind; its fitting keeps the rest of `Size`.
  const record = kernelRecord(kernel) as unknown as KernelModule<Size, unknown, KernelDetail<K>>;
  const fit = fitOn(record, size, gpu);
  return {
    kernel,
    size: fit.size,
    sizeNote: fit.message,
    build: (context) => record.job(context, fit.size),
  };
}
