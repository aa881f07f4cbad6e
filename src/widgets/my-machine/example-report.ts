/**
 * An example calibration report, assembled from the H200 measurements in the course's hardware
 * notes (../shared/design/hardware-figures.md, "Eager PyTorch on an H200", 2026-11-26): each rate
 * is the snippet's arithmetic on the timing measured there (CUDA events, median of 10), and the
 * host cost is that machine's mean torch.relu figure. Its memory is the 139 GiB the machine
 * reported. It is what the snippet would print on that machine, not a run of the snippet itself.
 */
const N = 4096;
const GIB = 2 ** 30;

/** The example report's JSON text, as the snippet prints it. */
export const EXAMPLE_REPORT_TEXT = JSON.stringify(
  {
    gpu: 'NVIDIA H200',
    sms: 132,
    computeCapability: '9.0',
    memoryBytes: 139 * GIB,
    torch: '2.11.0+cu130',
    cuda: '13.0',
    hostOpSeconds: 8.49e-6,
    bf16MatmulFlopsPerSecond: (2 * N ** 3) / 0.2028e-3,
    fp32MatmulFlopsPerSecond: (2 * N ** 3) / 2.779e-3,
    copyBytesPerSecond: (2 * GIB) / 0.5167e-3,
    pinnedH2dBytesPerSecond: (256 * 2 ** 20) / 4.91e-3,
    pageableH2dBytesPerSecond: (256 * 2 ** 20) / 45.4e-3,
  },
  null,
  2,
);
