/** Calibration reports the tests share (test helper, outside the layers). */
import type { MachineReport } from '../machine-report';

/** A report as lesson 8's snippet prints it on an RTX 4070-class desktop (illustrative values). */
export const DESKTOP_REPORT: MachineReport = {
  gpu: 'NVIDIA GeForce RTX 4070',
  sms: 46,
  computeCapability: '8.9',
  memoryBytes: 12_878_086_144,
  torch: '2.11.0+cu128',
  cuda: '12.8',
  hostOpSeconds: 6.1e-6,
  bf16MatmulFlopsPerSecond: 95e12,
  fp32MatmulFlopsPerSecond: 21e12,
  copyBytesPerSecond: 430e9,
  pinnedH2dBytesPerSecond: 24.5e9,
  pageableH2dBytesPerSecond: 9.8e9,
};

/**
 * The H200 of the course's hardware notes, as the snippet would report it: each rate is the
 * snippet's arithmetic on a timing measured there (hardware-figures.md, 2026-11-26).
 */
export const H200_REPORT: MachineReport = {
  gpu: 'NVIDIA H200',
  sms: 132,
  computeCapability: '9.0',
  memoryBytes: 139 * 2 ** 30,
  torch: '2.11.0+cu130',
  cuda: '13.0',
  hostOpSeconds: 8.49e-6,
  bf16MatmulFlopsPerSecond: (2 * 4096 ** 3) / 0.2028e-3,
  fp32MatmulFlopsPerSecond: (2 * 4096 ** 3) / 2.779e-3,
  copyBytesPerSecond: (2 * 2 ** 30) / 0.5167e-3,
  pinnedH2dBytesPerSecond: 2 ** 28 / 4.91e-3,
  pageableH2dBytesPerSecond: 2 ** 28 / 45.4e-3,
};
