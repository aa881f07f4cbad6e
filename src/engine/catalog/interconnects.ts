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

/** A link's vendor rates per GPU, each way and both ways. */
type Rates = Pick<InterconnectSpec, 'bytesPerSecondPerDirection' | 'bytesPerSecondBothDirections'>;

/** `gbPerSecond` each way and twice that both ways, with how `source` counts each. */
function rate(
  source: string,
  gbPerSecond: number,
  eachWay: string,
  bothWays = `twice ${gbPerSecond} GB/s`,
): Rates {
  return {
    bytesPerSecondPerDirection: vendor(gbPerSecond * GB, 'B/s', source, eachWay),
    bytesPerSecondBothDirections: vendor(2 * gbPerSecond * GB, 'B/s', source, bothWays),
  };
}

/** A catalog entry from its parts, in the catalog's field order. */
function link(
  about: Pick<InterconnectSpec, 'id' | 'name' | 'scope'>,
  rates: Rates,
  allReduceBusFraction: Figure,
  stepLatencySeconds: Figure,
): InterconnectSpec {
  return { ...about, ...rates, allReduceBusFraction, stepLatencySeconds };
}

/** An NVSwitch node's NVLink: `links` links of 25 GB/s each way per GPU. */
function nvlink(
  id: InterconnectId,
  name: string,
  links: number,
  busFraction: Figure,
  step: Figure,
): InterconnectSpec {
  const each = `${links} links x 25 GB/s`;
  const both = `${links} links x 50 GB/s`;
  const rates = rate(NVLINK_SPEC, links * 25, each, both);
  return link({ id, name, scope: 'intra-node' }, rates, busFraction, step);
}

/**
 * One GPU writing into another's memory through a PCIe switch, x16 at `gtPerSecond` per lane
 * (`gbPerSecond` each way as the specification rounds it). No clean nccl-tests run across a
 * switch was found: the bus share is the `ncclGbPerSecond` NCCL's own topology model rates it at.
 */
function pcie(
  id: InterconnectId,
  generation: string,
  gtPerSecond: number,
  gbPerSecond: number,
  ncclGbPerSecond: number,
  step: Figure,
): InterconnectSpec {
  const name = `PCIe ${generation} x16, peer to peer`;
  const rates = rate(PCIE_SPEC, gbPerSecond, `${gtPerSecond} GT/s x 16 x 128/130 / 8`);
  const busFraction = estimate(
    ncclGbPerSecond / gbPerSecond,
    'fraction',
    `${NCCL_PCI_MODEL}; ${NCCL_1639}`,
    `no clean nccl-tests run across a PCIe switch found; NCCL's own topology model rates this link at ${ncclGbPerSecond} / ${gbPerSecond}. Hosts where the traffic crosses the CPU do worse (8x RTX 5090 on PCIe 5.0: 28 / 63)`,
  );
  return link({ id, name, scope: 'intra-node' }, rates, busFraction, step);
}

/** An InfiniBand port of `gbitPerSecond` per GPU between nodes. */
function infiniband(
  id: InterconnectId,
  name: string,
  gbitPerSecond: number,
  busFraction: Figure,
): InterconnectSpec {
  const rates = rate(INFINIBAND_SPEC, gbitPerSecond / 8, `${gbitPerSecond} Gb/s / 8`);
  return link({ id, name, scope: 'inter-node' }, rates, busFraction, NETWORK_STEP);
}

/** The interconnect catalog. */
export const INTERCONNECTS: Readonly<Record<InterconnectId, InterconnectSpec>> = {
  nvlink3: nvlink(
    'nvlink3',
    'NVLink 3 (A100, NVSwitch)',
    12,
    measuredFraction(
      234.6,
      300,
      ALLREDUCE_A100_NVSWITCH,
      'all-reduce bus bandwidth GB/s, 8x A100 SXM, 8 GiB',
    ),
    borrowed(
      NVLINK_STEP,
      'no small all-reduce measured on A100; the NVLink 4 figure, since a step costs mostly synchronisation, not wire time',
    ),
  ),
  nvlink4: nvlink(
    'nvlink4',
    'NVLink 4 (H100/H200, NVSwitch)',
    18,
    measuredFraction(
      367.61,
      450,
      ALLREDUCE_H200_RING,
      'ring all-reduce bus bandwidth GB/s, 8x H200 with NVLink SHARP off',
    ),
    NVLINK_STEP,
  ),
  pcie3: pcie(
    'pcie3',
    '3.0',
    8,
    15.75,
    12,
    borrowed(PCIE_STEP, 'no PCIe 3.0 measurement; PCIe 4.0 figure'),
  ),
  pcie4: pcie('pcie4', '4.0', 16, 31.5, 24, PCIE_STEP),
  pcie5: pcie(
    'pcie5',
    '5.0',
    32,
    63,
    48,
    borrowed(PCIE_STEP, 'no PCIe 5.0 measurement; PCIe 4.0 figure'),
  ),
  'ib-hdr': infiniband(
    'ib-hdr',
    'InfiniBand HDR (200 Gb/s per GPU)',
    200,
    measuredFraction(
      192,
      200,
      NCCL_812,
      'DGX A100 all-reduce bus bandwidth GB/s between nodes over 8 HDR NICs of 25 GB/s',
    ),
  ),
  'ib-ndr': infiniband(
    'ib-ndr',
    'InfiniBand NDR (400 Gb/s per GPU)',
    400,
    estimate(
      47 / 50,
      'fraction',
      NCCL_TESTS_290,
      "the middle of the 46-48 GB/s per NIC NCCL's maintainers say to expect, over 50: a stated expectation rather than a published run",
    ),
  ),
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
