/**
 * Calibration cases for the collectives: published nccl-tests results on NVLink and InfiniBand,
 * each paired with the engine's prediction of the same all-reduce. Two set the catalog's
 * NVLink 3 and HDR fractions; the rest are held out.
 */
import type { CalibrationCase } from './case';
import { predictAllReduce, predictMultiNodeAllReduce } from '../models/collectives';
import {
  ALLREDUCE_A100_NVSWITCH,
  NCCL_1048,
  NCCL_812,
  NCCL_TESTS_100,
  NCCL_TESTS_212,
} from '../catalog/sources';

const GIB = 2 ** 30;

/** Bus bandwidth (GB/s) of an all-reduce of `bytes` over `gpus` GPUs on one kind of link. */
function allReduceBusGbPerSecond(link: string, gpus: number, bytes: number): number {
  return predictAllReduce({ bytes, gpus, link }).busBytesPerSecond / 1e9;
}

/** Bus bandwidth (GB/s) of an 8 GiB all-reduce over two 8-GPU A100 nodes on HDR InfiniBand. */
function twoA100NodesGbPerSecond(nicsPerNode: number): number {
  const p = predictMultiNodeAllReduce({
    bytes: 8 * GIB,
    gpusPerNode: 8,
    nodes: 2,
    intraNodeLink: 'nvlink3',
    interNodeLink: 'ib-hdr',
    nicsPerNode,
  });
  return p.busBytesPerSecond / 1e9;
}

/** All-reduce cases: NVLink 3 and HDR fitted, the others held out. */
export const COLLECTIVE_CALIBRATION_CASES: readonly CalibrationCase[] = [
  {
    id: 'a100-nvswitch-allreduce-8gib',
    what: 'All-reduce of 8 GiB over 8x A100 SXM with NVSwitch, nccl-tests (bus bandwidth 234.6 GB/s)',
    measured: 64.07,
    unit: 'ms',
    source: ALLREDUCE_A100_NVSWITCH,
    tolerance: 0.1,
    usedForFitting: true,
    predict: () => predictAllReduce({ bytes: 8 * GIB, gpus: 8, link: 'nvlink3' }).seconds * 1e3,
  },
  {
    id: 'dgx-a100-hdr-allreduce',
    what: 'All-reduce bus bandwidth between DGX A100 nodes, 8x HDR InfiniBand per node (predicted: 2 nodes, 8 GiB)',
    measured: 192,
    unit: 'GB/s',
    source: NCCL_812,
    tolerance: 0.1,
    usedForFitting: true,
    predict: () => twoA100NodesGbPerSecond(8),
  },
  {
    id: 'a100-node-allreduce-4gib',
    what: 'All-reduce bus bandwidth on another 8x A100 NVSwitch node, sizes up to 4 GB (held out; predicted: 4 GiB)',
    measured: 232.54,
    unit: 'GB/s',
    source: NCCL_1048,
    tolerance: 0.1,
    usedForFitting: false,
    predict: () => allReduceBusGbPerSecond('nvlink3', 8, 4 * GIB),
  },
  {
    id: 'h100-node-ring-allreduce',
    what: 'Ring all-reduce bus bandwidth on 8x H100, NVLink 4, as NCCL maintainers quote it (held out; predicted: 8 GiB)',
    measured: 370,
    unit: 'GB/s',
    source: NCCL_TESTS_212,
    tolerance: 0.1,
    usedForFitting: false,
    predict: () => allReduceBusGbPerSecond('nvlink4', 8, 8 * GIB),
  },
  {
    id: 'hgx-a100-4-hdr-allreduce',
    what: 'All-reduce bus bandwidth, two HGX A100 nodes with only 4 HDR NICs each (held out; predicted: 8 GiB)',
    measured: 91,
    unit: 'GB/s',
    source: NCCL_TESTS_100,
    tolerance: 0.1,
    usedForFitting: false,
    predict: () => twoA100NodesGbPerSecond(4),
  },
];
