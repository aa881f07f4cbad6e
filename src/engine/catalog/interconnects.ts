/**
 * GPU-to-GPU links, as collectives (all-reduce and friends) see them: NVLink inside a node,
 * peer-to-peer PCIe inside a node without NVLink, and InfiniBand between nodes. Each has its
 * vendor rate per GPU and direction, the share of it an NCCL ring all-reduce reaches as bus
 * bandwidth, and the fixed time one ring step costs.
 *
 * Not the host links of links.ts. There `pcie4` is a GPU's slot to host memory (what a
 * `cudaMemcpy` from the CPU crosses); here `pcie4` is one GPU writing into another GPU's memory
 * through a PCIe switch. The wire rate is the same, the achievable share and latency are not,
 * so the two catalogs have separate id types.
 */
import { estimate, measured, measuredFraction, vendor, type Figure } from './figure';
import {
  ALLREDUCE_A100_NVSWITCH,
  ALLREDUCE_H200_RING,
  ALLREDUCE_H200_SMALL,
  INFINIBAND_SPEC,
  NCCL_1530,
  NCCL_1639,
  NCCL_812,
  NCCL_PCI_MODEL,
  NCCL_TESTS_290,
  NCCL_TUNING,
  NVLINK_SPEC,
  PCIE_SPEC,
} from './sources';

/** GPU-to-GPU links in the catalog. */
export type InterconnectId =
  'nvlink3' | 'nvlink4' | 'pcie3' | 'pcie4' | 'pcie5' | 'ib-hdr' | 'ib-ndr';

/** Whether a link joins GPUs in one node or nodes to each other. */
export type InterconnectScope = 'intra-node' | 'inter-node';

/** A GPU-to-GPU link: its vendor rate, what an all-reduce reaches of it, and its step cost. */
export interface InterconnectSpec {
  id: InterconnectId;
  name: string;
  scope: InterconnectScope;
  /** Vendor rate per GPU in one direction (per NIC, one NIC per GPU, for InfiniBand). */
  bytesPerSecondPerDirection: Figure;
  /** The same counted in both directions, as datasheets usually quote it. */
  bytesPerSecondBothDirections: Figure;
  /** Share of the one-direction rate an NCCL ring all-reduce reaches as bus bandwidth. */
  allReduceBusFraction: Figure;
  /** Fixed time one ring step adds, however few bytes it carries. */
  stepLatencySeconds: Figure;
}

/** Every interconnect id, in catalog order. */
export const INTERCONNECT_IDS: readonly InterconnectId[] = [
  'nvlink3',
  'nvlink4',
  'pcie3',
  'pcie4',
  'pcie5',
  'ib-hdr',
  'ib-ndr',
];

const GB = 1e9;

/** 32 KiB all-reduce on 8x H200: 3.20 GB/s bus bandwidth = 1.83 GB/s algorithm bandwidth. */
const H200_SMALL_SECONDS = 32768 / ((3.2 * GB) / 1.75);
const NVLINK_STEP = measured(
  H200_SMALL_SECONDS / 14,
  's',
  ALLREDUCE_H200_SMALL,
  `${(H200_SMALL_SECONDS * 1e6).toFixed(2)} us for a 32 KiB all-reduce on 8 GPUs over its 2 x 7 = 14 ring steps (the bandwidth part, 0.16 us, is left in)`,
);
const PCIE_STEP = estimate(
  43.47e-6 / 14,
  's',
  NCCL_1530,
  '43.47 us for an 8-byte all-reduce on 8 GPUs over 14 ring steps; RTX 4090s have no peer-to-peer, so their copies bounce through host memory, which may make this a little slow',
);
const NETWORK_STEP = estimate(
  4e-6,
  's',
  `${NCCL_TUNING}; ${INFINIBAND_SPEC}`,
  "NCCL's tuning model charges 2.7-9.6 us per network hop depending on protocol; 4.0 us is its mid-size (LL128) figure. The wire itself adds only about 0.6 us",
);

/** A figure carried over from another link, kept as an estimate with the reason. */
function borrowed(from: Figure, note: string): Figure {
  return estimate(from.value, from.unit, from.source, `${note} (${from.note ?? 'as measured'})`);
}

function pcieFraction(ncclRatedGbPerSecond: number, peakGbPerSecond: number): Figure {
  return estimate(
    ncclRatedGbPerSecond / peakGbPerSecond,
    'fraction',
    `${NCCL_PCI_MODEL}; ${NCCL_1639}`,
    `no clean nccl-tests run across a PCIe switch found; NCCL's own topology model rates this link at ${ncclRatedGbPerSecond} / ${peakGbPerSecond}. Hosts where the traffic crosses the CPU do worse (8x RTX 5090 on PCIe 5.0: 28 / 63)`,
  );
}

/** The interconnect catalog. */
export const INTERCONNECTS: Readonly<Record<InterconnectId, InterconnectSpec>> = {
  nvlink3: {
    id: 'nvlink3',
    name: 'NVLink 3 (A100, NVSwitch)',
    scope: 'intra-node',
    bytesPerSecondPerDirection: vendor(300 * GB, 'B/s', NVLINK_SPEC, '12 links x 25 GB/s'),
    bytesPerSecondBothDirections: vendor(600 * GB, 'B/s', NVLINK_SPEC, '12 links x 50 GB/s'),
    allReduceBusFraction: measuredFraction(
      234.6,
      300,
      ALLREDUCE_A100_NVSWITCH,
      'all-reduce bus bandwidth GB/s, 8x A100 SXM, 8 GiB',
    ),
    stepLatencySeconds: borrowed(
      NVLINK_STEP,
      'no small all-reduce measured on A100; the NVLink 4 figure, since a step costs mostly synchronisation, not wire time',
    ),
  },
  nvlink4: {
    id: 'nvlink4',
    name: 'NVLink 4 (H100/H200, NVSwitch)',
    scope: 'intra-node',
    bytesPerSecondPerDirection: vendor(450 * GB, 'B/s', NVLINK_SPEC, '18 links x 25 GB/s'),
    bytesPerSecondBothDirections: vendor(900 * GB, 'B/s', NVLINK_SPEC, '18 links x 50 GB/s'),
    allReduceBusFraction: measuredFraction(
      367.61,
      450,
      ALLREDUCE_H200_RING,
      'ring all-reduce bus bandwidth GB/s, 8x H200 with NVLink SHARP off',
    ),
    stepLatencySeconds: NVLINK_STEP,
  },
  pcie3: {
    id: 'pcie3',
    name: 'PCIe 3.0 x16, peer to peer',
    scope: 'intra-node',
    bytesPerSecondPerDirection: vendor(15.75 * GB, 'B/s', PCIE_SPEC, '8 GT/s x 16 x 128/130 / 8'),
    bytesPerSecondBothDirections: vendor(31.5 * GB, 'B/s', PCIE_SPEC, 'twice 15.75 GB/s'),
    allReduceBusFraction: pcieFraction(12, 15.75),
    stepLatencySeconds: borrowed(PCIE_STEP, 'no PCIe 3.0 measurement; PCIe 4.0 figure'),
  },
  pcie4: {
    id: 'pcie4',
    name: 'PCIe 4.0 x16, peer to peer',
    scope: 'intra-node',
    bytesPerSecondPerDirection: vendor(31.5 * GB, 'B/s', PCIE_SPEC, '16 GT/s x 16 x 128/130 / 8'),
    bytesPerSecondBothDirections: vendor(63 * GB, 'B/s', PCIE_SPEC, 'twice 31.5 GB/s'),
    allReduceBusFraction: pcieFraction(24, 31.5),
    stepLatencySeconds: PCIE_STEP,
  },
  pcie5: {
    id: 'pcie5',
    name: 'PCIe 5.0 x16, peer to peer',
    scope: 'intra-node',
    bytesPerSecondPerDirection: vendor(63 * GB, 'B/s', PCIE_SPEC, '32 GT/s x 16 x 128/130 / 8'),
    bytesPerSecondBothDirections: vendor(126 * GB, 'B/s', PCIE_SPEC, 'twice 63 GB/s'),
    allReduceBusFraction: pcieFraction(48, 63),
    stepLatencySeconds: borrowed(PCIE_STEP, 'no PCIe 5.0 measurement; PCIe 4.0 figure'),
  },
  'ib-hdr': {
    id: 'ib-hdr',
    name: 'InfiniBand HDR (200 Gb/s per GPU)',
    scope: 'inter-node',
    bytesPerSecondPerDirection: vendor(25 * GB, 'B/s', INFINIBAND_SPEC, '200 Gb/s / 8'),
    bytesPerSecondBothDirections: vendor(50 * GB, 'B/s', INFINIBAND_SPEC, 'twice 25 GB/s'),
    allReduceBusFraction: measuredFraction(
      192,
      200,
      NCCL_812,
      'DGX A100 all-reduce bus bandwidth GB/s between nodes over 8 HDR NICs of 25 GB/s',
    ),
    stepLatencySeconds: NETWORK_STEP,
  },
  'ib-ndr': {
    id: 'ib-ndr',
    name: 'InfiniBand NDR (400 Gb/s per GPU)',
    scope: 'inter-node',
    bytesPerSecondPerDirection: vendor(50 * GB, 'B/s', INFINIBAND_SPEC, '400 Gb/s / 8'),
    bytesPerSecondBothDirections: vendor(100 * GB, 'B/s', INFINIBAND_SPEC, 'twice 50 GB/s'),
    allReduceBusFraction: estimate(
      47 / 50,
      'fraction',
      NCCL_TESTS_290,
      "the middle of the 46-48 GB/s per NIC NCCL's maintainers say to expect, over 50: a stated expectation rather than a published run",
    ),
    stepLatencySeconds: NETWORK_STEP,
  },
};

/** True when `id` names an interconnect in the catalog. */
export function isInterconnectId(id: unknown): id is InterconnectId {
  return typeof id === 'string' && (INTERCONNECT_IDS as readonly string[]).includes(id);
}

/** The interconnect with this id; throws a RangeError listing the known ids when there is none. */
export function getInterconnect(id: string): InterconnectSpec {
  if (!isInterconnectId(id)) {
    const shown = typeof id === 'string' ? `"${id}"` : String(id);
    throw new RangeError(`unknown interconnect id ${shown}; known: ${INTERCONNECT_IDS.join(', ')}`);
  }
  return INTERCONNECTS[id];
}

/** Every interconnect, in catalog order. */
export function listInterconnects(): InterconnectSpec[] {
  return INTERCONNECT_IDS.map((id) => INTERCONNECTS[id]);
}

/** Bus bytes per second an all-reduce reaches on `link`: vendor rate × achievable share. */
export function achievableBusBytesPerSecond(link: InterconnectSpec): number {
  return link.bytesPerSecondPerDirection.value * link.allReduceBusFraction.value;
}
