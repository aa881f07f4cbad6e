import { estimate, measuredFraction, vendor, type Figure } from './figure';
import {
  LAUNCH_LATENCY,
  PAGEABLE_DASK_CUDA,
  PCIE3_GEARSHIFFT,
  PCIE4_A10,
  PCIE_SPEC,
  APPLE_M2,
  AZURE_ND_H100,
} from './sources';

/** Host-device links in the catalog: PCIe generations (x16) and Apple-style unified memory. */
export type CatalogLinkId = 'pcie3' | 'pcie4' | 'pcie5' | 'unified';
/** The id of the learner's own machine's host link, measured by its calibration report. */
export const MY_MACHINE_LINK_ID = 'my-machine';
/** Host links the engine knows: the catalog's, and the learner's own once entered. */
export type LinkId = CatalogLinkId | typeof MY_MACHINE_LINK_ID;
/** Which way a host-device copy goes. */
export type TransferDirection = 'h2d' | 'd2h';

/** Every link id, in a fixed order. */
export const LINK_IDS: readonly CatalogLinkId[] = ['pcie3', 'pcie4', 'pcie5', 'unified'];
/** Both transfer directions. */
export const TRANSFER_DIRECTIONS: readonly TransferDirection[] = ['h2d', 'd2h'];

/** A host-device link: its theoretical rate, what copies reach of it, and its fixed cost. */
export interface LinkSpec {
  id: LinkId;
  name: string;
  /** Theoretical bytes per second in one direction. */
  bytesPerSecond: Figure;
  /** Fraction of `bytesPerSecond` a large pinned copy reaches, per direction. */
  achievable: Record<TransferDirection, Figure>;
  /** Fixed cost of one copy: the API call, the DMA setup and a synchronisation. */
  latencySeconds: Figure;
  /**
   * The host-side staging rate a pageable copy goes through on this link, where it was measured;
   * absent for catalog links, which use PAGEABLE_STAGING_BYTES_PER_SECOND.
   */
  pageableStagingBytesPerSecond?: Figure;
}

const GB = 1e9;

/** Both directions of a generation with no separate D2H measurement. */
export const D2H_OVER_H2D = (12.9 / 12.2 + 52 / 51) / 2;

/** Fixed cost of one small pinned copy over PCIe, with its synchronisation. */
export const PCIE_LATENCY = estimate(
  15e-6,
  's',
  LAUNCH_LATENCY,
  'a pinned copy of a few bytes with its sync lands in the low tens of microseconds',
);

/** The link catalog. */
export const LINKS: Readonly<Record<CatalogLinkId, LinkSpec>> = {
  pcie3: {
    id: 'pcie3',
    name: 'PCIe 3.0 x16',
    bytesPerSecond: vendor(15.75 * GB, 'B/s', PCIE_SPEC, '8 GT/s x 16 lanes x 128/130 / 8'),
    achievable: {
      h2d: measuredFraction(12.2, 15.75, PCIE3_GEARSHIFFT, 'pinned H2D GB/s over PCIe 3.0 peak'),
      d2h: measuredFraction(12.9, 15.75, PCIE3_GEARSHIFFT, 'pinned D2H GB/s over PCIe 3.0 peak'),
    },
    latencySeconds: PCIE_LATENCY,
  },
  pcie4: {
    id: 'pcie4',
    name: 'PCIe 4.0 x16',
    bytesPerSecond: vendor(31.5 * GB, 'B/s', PCIE_SPEC, '16 GT/s x 16 lanes x 128/130 / 8'),
    achievable: {
      h2d: measuredFraction(25.2, 31.5, PCIE4_A10, 'pinned H2D GB/s over PCIe 4.0 peak'),
      d2h: estimate(
        (25.2 / 31.5) * D2H_OVER_H2D,
        'fraction',
        `${PCIE4_A10}; ${PCIE3_GEARSHIFFT}; ${AZURE_ND_H100}`,
        `H2D fraction 25.2 / 31.5 times the mean D2H/H2D ratio measured on PCIe 3.0 (12.9/12.2) and PCIe 5.0 (52/51)`,
      ),
    },
    latencySeconds: PCIE_LATENCY,
  },
  pcie5: {
    id: 'pcie5',
    name: 'PCIe 5.0 x16',
    bytesPerSecond: vendor(63 * GB, 'B/s', PCIE_SPEC, '32 GT/s x 16 lanes x 128/130 / 8'),
    achievable: {
      h2d: measuredFraction(51, 63, AZURE_ND_H100, 'nvbandwidth host-to-device GB/s on H100 SXM'),
      d2h: measuredFraction(52, 63, AZURE_ND_H100, 'nvbandwidth device-to-host GB/s on H100 SXM'),
    },
    latencySeconds: PCIE_LATENCY,
  },
  unified: {
    id: 'unified',
    name: 'Unified memory (Apple M2)',
    bytesPerSecond: vendor(
      50 * GB,
      'B/s',
      APPLE_M2,
      'no bus to cross: a "transfer" is a copy inside the same 100 GB/s DRAM, which reads and writes every byte, so half of 100 GB/s',
    ),
    achievable: {
      h2d: estimate(
        0.9,
        'fraction',
        APPLE_M2,
        'assumed to reach the same share of DRAM bandwidth as discrete GPUs reach of theirs',
      ),
      d2h: estimate(
        0.9,
        'fraction',
        APPLE_M2,
        'assumed to reach the same share of DRAM bandwidth as discrete GPUs reach of theirs',
      ),
    },
    latencySeconds: estimate(5e-6, 's', LAUNCH_LATENCY, 'no DMA setup, only the call and a sync'),
  },
};

/**
 * The host-side staging copy a pageable transfer goes through. The driver copies pageable
 * bytes into a pinned buffer and DMAs from there, one after the other, so the two rates add
 * like resistors in series: 1/pageable = 1/pinned + 1/staging. Solving with the PCIe 3.0
 * figures (about 5.5 GB/s pageable against 12.2 GB/s pinned) gives about 10 GB/s.
 */
export const PAGEABLE_STAGING_BYTES_PER_SECOND: Figure = estimate(
  10 * GB,
  'B/s',
  `${PAGEABLE_DASK_CUDA}; ${PCIE3_GEARSHIFFT}`,
  '1 / (1/5.5 - 1/12.2) GB/s = 10.0 GB/s',
);
