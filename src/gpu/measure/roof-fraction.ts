/**
 * How close a measured kernel comes to the device's own measured roofs. The roofs are the copy
 * kernel's bandwidth (bytes read plus written per second) and the FMA kernel's FLOP/s. A kernel
 * is memory bound when the bandwidth roof times its arithmetic intensity (FLOPs per byte) is
 * below the FLOP roof, and compute bound otherwise: the roofline's rule. Its fraction is then
 * its bandwidth over the copy kernel's, or its FLOP/s over the FMA kernel's. Pure.
 */

/** The device's measured roofs. */
export interface MeasuredRoofs {
  /** The copy kernel's bytes read plus written per second. */
  bytesPerSecond: number;
  /** The FMA kernel's FLOPs per second. */
  flopsPerSecond: number;
}

/** A measured run: the bytes and FLOPs of its descriptor, and the rates they gave. */
export interface MeasuredRates {
  /** Bytes one run reads plus writes. */
  bytes: number;
  /** FLOPs one run does. */
  flops: number;
  bytesPerSecond: number;
  flopsPerSecond: number;
}

/** Which roof limits a kernel, and the share of it the kernel reached. */
export interface RoofFraction {
  bound: 'memory' | 'compute';
  /** The kernel's rate over the roof's (1 = at the roof; above 1 is possible for a roof run). */
  fraction: number;
}

/** Throws a RangeError unless `value` is finite and >= 0 (> 0 when `positive`). */
function requireRate(name: string, value: number, positive: boolean): void {
  if (!Number.isFinite(value) || value < 0 || (positive && value === 0)) {
    throw new RangeError(
      `${name} must be a finite number ${positive ? '> 0' : '>= 0'}, got ${String(value)}`,
    );
  }
}

/**
 * The roof that limits a run and the fraction of it the run reached. A run with no FLOPs is
 * memory bound; a run with FLOPs but no bytes is compute bound. Throws a RangeError for roofs
 * that are not positive finite numbers or rates and counts that are negative or not finite.
 */
export function roofFraction(run: MeasuredRates, roofs: MeasuredRoofs): RoofFraction {
  requireRate('roofs.bytesPerSecond', roofs.bytesPerSecond, true);
  requireRate('roofs.flopsPerSecond', roofs.flopsPerSecond, true);
  requireRate('bytes', run.bytes, false);
  requireRate('flops', run.flops, false);
  requireRate('bytesPerSecond', run.bytesPerSecond, false);
  requireRate('flopsPerSecond', run.flopsPerSecond, false);
  // Memory bound when the bandwidth roof allows fewer FLOP/s than the FLOP roof:
  // bandwidth · flops / bytes < flopRoof, written without dividing by zero bytes.
  const memoryBound =
    run.flops === 0 || roofs.bytesPerSecond * run.flops < roofs.flopsPerSecond * run.bytes;
  return memoryBound
    ? { bound: 'memory', fraction: run.bytesPerSecond / roofs.bytesPerSecond }
    : { bound: 'compute', fraction: run.flopsPerSecond / roofs.flopsPerSecond };
}
