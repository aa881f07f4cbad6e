/**
 * The step-through's peak beside the engine's (stepMemory's allocatedBytes), and why they differ.
 *
 * The engine walks the same step to its highest moment: PyTorch's default loop, where
 * `zero_grad()` sets the gradients to None (the default since 2.0), so they only grow back while
 * backward frees the activations. The plain loop here agrees within `ENGINE_TOLERANCE` (the
 * allocator's block rounding, and small tensors such as the loss). Habits move the loop away from
 * it: a forgotten zero_grad keeps every gradient alive through the next forward and peaks higher
 * by up to the gradients' size; the previous output held through forward adds a little. Pure.
 */
import type { MemoryBreakdown } from '../../../engine/models';
import type { TrainingTrace } from './trace';

/** How far the plain loop's peak may be from the engine's. */
export const ENGINE_TOLERANCE = 0.03;

/** The two peaks and a sentence on the gap. */
export interface EngineComparison {
  enginePeakBytes: number;
  tracePeakBytes: number;
  /** Engine minus step-through (positive: the loop peaks lower). */
  gapBytes: number;
  /** Gap over the engine's peak. */
  relativeGap: number;
  /**
   * Which case the gap falls in: within the tolerance, lower (the loop frees something sooner
   * than the engine assumes), higher (tensors the loop holds on to, such as gradients kept by a
   * forgotten zero_grad), or the loop ran out of memory before its peak.
   */
  reason: 'agrees' | 'lower' | 'higher' | 'out-of-memory';
}

/** Compares the trace's peak with the engine's. */
export function compareWithEngine(trace: TrainingTrace, engine: MemoryBreakdown): EngineComparison {
  const enginePeakBytes = engine.allocatedBytes;
  const tracePeakBytes = trace.peak.bytes;
  const gapBytes = enginePeakBytes - tracePeakBytes;
  const relativeGap = enginePeakBytes > 0 ? gapBytes / enginePeakBytes : 0;
  const reason = trace.oom
    ? 'out-of-memory'
    : Math.abs(relativeGap) <= ENGINE_TOLERANCE
      ? 'agrees'
      : relativeGap > 0
        ? 'lower'
        : 'higher';
  return { enginePeakBytes, tracePeakBytes, gapBytes, relativeGap, reason };
}
