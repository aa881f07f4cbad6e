/** Byte counts written the way PyTorch's allocator messages write them. */

const KIB = 1024;
const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

/**
 * PyTorch's `format_size`: up to 1024 as "N bytes", then KiB, MiB and GiB with two decimals
 * ("20.00 MiB", "1.95 GiB").
 */
export function formatSize(bytes: number): string {
  if (bytes <= KIB) return `${bytes} bytes`;
  if (bytes <= MIB) return `${(bytes / KIB).toFixed(2)} KiB`;
  if (bytes <= GIB) return `${(bytes / MIB).toFixed(2)} MiB`;
  return `${(bytes / GIB).toFixed(2)} GiB`;
}
