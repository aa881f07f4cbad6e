/**
 * Which GPU-to-GPU links a catalog GPU can sit on inside a node. SXM boards of A100 and
 * H100/H200 are joined through NVSwitch (NVLink 3 and 4); any PCIe card can reach its peers over
 * its own PCIe generation or an older one. NVLink bridges between pairs of PCIe cards and the
 * V100's NVLink 2 mesh are not in the interconnect catalog, so those GPUs fall back to PCIe
 * here. An Apple M-series GPU is one integrated GPU with no peer. Pure.
 */
import type { GpuId } from '../catalog/gpus';
import { getLink, type Gpu } from '../catalog/hardware';
import { LINKS, MY_MACHINE_LINK_ID } from '../catalog/links';
import {
  getInterconnect,
  type InterconnectId,
  type InterconnectSpec,
} from '../catalog/interconnects';

const NVLINK: Partial<Record<GpuId, InterconnectId>> = {
  'a100-sxm-40gb': 'nvlink3',
  'a100-sxm-80gb': 'nvlink3',
  'h100-sxm': 'nvlink4',
  'h200-sxm': 'nvlink4',
};

const PCIE_GENERATIONS: readonly InterconnectId[] = ['pcie3', 'pcie4', 'pcie5'];

/**
 * The PCIe generation of a measured host link: the oldest whose x16 theoretical rate carries the
 * measured pinned copy (a copy reaches 77-81 % of the rate on the catalog's links, never more).
 * So a learner's machine can be joined to peers like itself; its NVLink, if any, is not known.
 */
function measuredPcieGeneration(pinnedBytesPerSecond: number): InterconnectId {
  const fits = (['pcie3', 'pcie4'] as const).find(
    (id) => pinnedBytesPerSecond <= LINKS[id].bytesPerSecond.value,
  );
  return fits ?? 'pcie5';
}

/** The intra-node links `gpu` can use, fastest first. */
export function peerLinksOf(gpu: Gpu): InterconnectId[] {
  const nvlink = NVLINK[gpu.id];
  const hostLink =
    gpu.hostLink === MY_MACHINE_LINK_ID
      ? measuredPcieGeneration(getLink(gpu.hostLink).bytesPerSecond.value)
      : gpu.hostLink;
  const generation = PCIE_GENERATIONS.indexOf(hostLink as InterconnectId);
  const pcie = generation < 0 ? [] : PCIE_GENERATIONS.slice(0, generation + 1).reverse();
  return nvlink === undefined ? pcie : [nvlink, ...pcie];
}

/**
 * The intra-node link `id` for GPUs of kind `gpu`; throws a RangeError naming the link and the
 * ones this GPU can use when it cannot use it (or is not an intra-node link at all).
 */
export function requirePeerLink(gpu: Gpu, id: string): InterconnectSpec {
  const link = getInterconnect(id);
  const usable = peerLinksOf(gpu);
  if (link.scope !== 'intra-node') {
    throw new RangeError(
      `link "${id}" joins nodes, not GPUs in a node; use one of ${usable.join(', ')} (and give it as nodeLink)`,
    );
  }
  if (usable.length === 0) {
    throw new RangeError(`${gpu.id} is a single integrated GPU with no GPU-to-GPU link`);
  }
  if (!usable.includes(link.id)) {
    throw new RangeError(`${gpu.id} cannot use link "${id}"; it can use ${usable.join(', ')}`);
  }
  return link;
}
