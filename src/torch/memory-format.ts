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

/** A short size for the interface, in decimal units ("19.27 MB", "2.05 KB"). */
export function formatBytesDecimal(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = value >= 100 ? 1 : 2;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
