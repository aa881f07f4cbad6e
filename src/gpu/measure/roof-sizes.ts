/**
 * Sizes for measuring a device's roofs. A roof is only reached by work big enough to hide fixed
 * costs and to spill out of caches, yet a software adapter takes a thousand times longer than a
 * real GPU per byte. So a small probe runs first and the size is scaled from its time. Pure.
 */

/** Time one run should take when measuring a roof, in seconds. */
export const ROOF_TARGET_SECONDS = 0.004;

/** Smallest copy for the memory roof: 16M f32 (64 MiB read + 64 MiB written), past the caches. */
export const MIN_ROOF_COPY_ELEMENTS = 1 << 24;

/** Smallest thread count for the compute roof. */
export const MIN_ROOF_FMA_THREADS = 1 << 14;

/**
 * Scales a probe to a size whose run should last about `targetSeconds`: proportional to the
 * probe, rounded down to a multiple of `multipleOf`, kept within [min, max].
 */
export function scaleToTarget(
  probeSize: number,
  probeSeconds: number,
  bounds: { min: number; max: number; multipleOf: number },
  targetSeconds = ROOF_TARGET_SECONDS,
): number {
  const { min, max, multipleOf } = bounds;
  const top = Math.max(multipleOf, Math.floor(max / multipleOf) * multipleOf);
  const floor = Math.min(top, Math.ceil(min / multipleOf) * multipleOf);
  if (!(probeSeconds > 0) || !Number.isFinite(probeSeconds)) return top;
  const wanted = (probeSize * targetSeconds) / probeSeconds;
  const rounded = Math.floor(wanted / multipleOf) * multipleOf;
  return Math.min(top, Math.max(floor, rounded));
}
