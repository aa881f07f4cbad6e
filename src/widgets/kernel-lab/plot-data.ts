/**
 * What goes on the roofline plot, from the lab's state: the device's measured roofs and kernels,
 * and the catalog GPU's roofs and predicted kernels. Pure.
 */
import { LAB_KERNELS } from '../../gpu';
import type { Comparison } from './compare';
import type { MeasuredRoofs } from './lab-results';
import type { KernelPoint, Roof } from './roofline';

/** FLOPs per byte of a descriptor (0 when it does no arithmetic or moves nothing). */
function intensityOf(comparison: Comparison): number {
  const d = comparison.measured.descriptor;
  const bytes = d.bytesRead + d.bytesWritten;
  return bytes > 0 ? d.flops / bytes : 0;
}

/** Roofs to draw: the catalog GPU's, and this device's once measured. */
export function plotRoofs(
  measured: MeasuredRoofs | null,
  catalog: { name: string; bytesPerSecond: number; flopsPerSecond: number },
): Roof[] {
  const roofs: Roof[] = [
    {
      id: 'modeled',
      label: `${catalog.name} (modeled)`,
      source: 'modeled',
      bytesPerSecond: catalog.bytesPerSecond,
      flopsPerSecond: catalog.flopsPerSecond,
    },
  ];
  if (measured) {
    roofs.push(
      {
        id: 'measured',
        label: 'This GPU: copy kernel and FMA kernel (measured)',
        source: 'measured',
        bytesPerSecond: measured.memoryBytesPerSecond,
        flopsPerSecond: measured.flopsPerSecond,
      },
      {
        id: 'copy-engine',
        label: 'This GPU: copyBufferToBuffer (measured)',
        source: 'measured',
        bytesPerSecond: measured.copyEngineBytesPerSecond,
        flopsPerSecond: Number.POSITIVE_INFINITY,
        reference: true,
      },
    );
  }
  return roofs;
}

/** Points to draw: each measured kernel, and its prediction where the engine gave one. */
export function plotPoints(comparisons: Comparison[]): KernelPoint[] {
  const points: KernelPoint[] = [];
  for (const c of comparisons) {
    if (!c.measured.verified) continue;
    const label = LAB_KERNELS[c.measured.kernel].label;
    const intensity = intensityOf(c);
    points.push({
      id: c.measured.kernel,
      label,
      source: 'measured',
      intensity,
      flopsPerSecond: c.measured.flopsPerSecond,
      bytesPerSecond: c.measured.bytesPerSecond,
    });
    if (c.modeledFlopsPerSecond !== null && c.modeledBytesPerSecond !== null) {
      points.push({
        id: c.measured.kernel,
        label,
        source: 'modeled',
        intensity,
        flopsPerSecond: c.modeledFlopsPerSecond,
        bytesPerSecond: c.modeledBytesPerSecond,
      });
    }
  }
  return points;
}
