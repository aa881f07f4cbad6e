/**
 * Dispatch arithmetic for one-invocation-per-item kernels: how many workgroups, laid out how,
 * and how a large batch is cut into chunks. Pure: no WebGPU objects.
 */
import { requireInteger } from './require-integer';

/** A dispatch grid: workgroups along x and y, and the invocations in one row of the grid. */
export interface DispatchGrid {
  /** Workgroups along x. */
  x: number;
  /** Workgroups along y (1 unless one row would pass the per-dimension limit). */
  y: number;
  /** Invocations in one grid row: x * workgroupSize. Item index = id.y * rowStride + id.x. */
  rowStride: number;
}

/** A contiguous run of items handled by one dispatch (or one worker message). */
export interface ItemChunk {
  /** Index of the chunk's first item. */
  first: number;
  /** Items in the chunk. */
  count: number;
}

/**
 * The smallest grid that gives `items` invocations one each. It stays 1-D while the workgroups
 * fit in `maxWorkgroupsPerDimension`, then becomes 2-D with rows as even as possible.
 */
export function gridForItems(
  items: number,
  workgroupSize: number,
  maxWorkgroupsPerDimension: number,
): DispatchGrid {
  requireInteger('items', items, 0);
  requireInteger('workgroupSize', workgroupSize, 1);
  requireInteger('maxWorkgroupsPerDimension', maxWorkgroupsPerDimension, 1);
  const workgroups = Math.ceil(items / workgroupSize);
  const y = Math.max(1, Math.ceil(workgroups / maxWorkgroupsPerDimension));
  if (y > maxWorkgroupsPerDimension) {
    throw new RangeError(
      `${items} items need ${workgroups} workgroups of ${workgroupSize}, more than a ` +
        `${maxWorkgroupsPerDimension} x ${maxWorkgroupsPerDimension} grid holds`,
    );
  }
  const x = Math.ceil(workgroups / y);
  return { x, y, rowStride: x * workgroupSize };
}

/**
 * Cuts `items` into about `targetChunks` contiguous chunks whose sizes are multiples of
 * `alignItems` (except the last), so no chunk wastes a partly filled workgroup mid-batch.
 */
export function planChunks(items: number, targetChunks: number, alignItems = 1): ItemChunk[] {
  requireInteger('items', items, 0);
  requireInteger('targetChunks', targetChunks, 1);
  requireInteger('alignItems', alignItems, 1);
  if (items === 0) return [];
  const perChunk = Math.ceil(Math.ceil(items / targetChunks) / alignItems) * alignItems;
  const chunks: ItemChunk[] = [];
  for (let first = 0; first < items; first += perChunk) {
    chunks.push({ first, count: Math.min(perChunk, items - first) });
  }
  return chunks;
}
