/** The numbers and bar segments of the two memory sides, from a session snapshot. */
import { formatBytesBinary, formatBytesDecimal } from '../../format/units';
import type { SessionSnapshot } from '../../torch';
import type { GaugePart } from './MemorySide';

/** A capacity in both units: "85.9 GB (80 GiB)". */
export function capacityText(bytes: number): string {
  return `${formatBytesDecimal(bytes)} (${formatBytesBinary(bytes)})`;
}

/** Host side: pinned and pageable parts and a summary sentence. */
export function hostGauge(s: SessionSnapshot): { parts: GaugePart[]; summary: string } {
  const { usedBytes, pinnedBytes, capacityBytes } = s.host;
  return {
    parts: [
      { label: 'pinned', bytes: pinnedBytes, className: 'part-pinned' },
      { label: 'pageable', bytes: usedBytes - pinnedBytes, className: 'part-used' },
    ],
    summary: `Used ${formatBytesDecimal(usedBytes)} (${formatBytesDecimal(pinnedBytes)} pinned), free ${formatBytesDecimal(capacityBytes - usedBytes)} of ${capacityText(capacityBytes)}, a modeled workstation.`,
  };
}

/** GPU side: CUDA context, allocated and cached parts, and a summary sentence. */
export function gpuGauge(s: SessionSnapshot): { parts: GaugePart[]; summary: string } {
  const { allocatedBytes, reservedBytes } = s.gpu;
  const free = Math.max(0, s.gpuMemoryBytes - s.contextBytes - reservedBytes);
  return {
    parts: [
      { label: 'CUDA context', bytes: s.contextBytes, className: 'part-context' },
      { label: 'allocated', bytes: allocatedBytes, className: 'part-allocated' },
      {
        label: 'reserved but unallocated',
        bytes: reservedBytes - allocatedBytes,
        className: 'part-cached',
      },
    ],
    summary: `Allocated ${formatBytesDecimal(allocatedBytes)}, reserved ${formatBytesDecimal(reservedBytes)}, CUDA context about ${formatBytesDecimal(s.contextBytes)} (an estimate), free ${formatBytesDecimal(free)} of ${capacityText(s.gpuMemoryBytes)}.`,
  };
}
