/**
 * The learner's own machine as a catalog entry, built from its calibration report
 * (machine-report.ts) the way the kernel lab builds the WebGPU device's entry: measured figures
 * where the report measured them, and for the rest the figures of the catalog GPU with the same
 * compute capability, or the catalog's middle value when the architecture is unknown. Each
 * figure says which it is.
 *
 * Peaks from rates. The engine computes a rate as a peak times an achievable fraction (and, in a
 * whole network, a share of the tensor-core peak). The report measures rates, not peaks, so each
 * peak is the measured rate divided by the fraction a catalog GPU reaches in the same kind of
 * work: the entry then reproduces its own measurement exactly (peak × fraction = rate), and the
 * network model's in-network shares of the peak carry over unchanged. Pure.
 */
import { estimate, measured, type Figure } from './figure';
import { GPU_SPECS, MY_MACHINE_ID, type CatalogGpuId, type TensorPrecision } from './gpus';
import { ACHIEVABLE } from './efficiency';
import type { Gpu, MyMachineEntry } from './hardware';
import { D2H_OVER_H2D, MY_MACHINE_LINK_ID, PCIE_LATENCY, type LinkSpec } from './links';
import type { MachineReport } from './machine-report';
import { SM_ANATOMY, type SmAnatomy } from './sm-anatomy';

/**
 * How much faster a bf16 product must run than an FP32 one before the entry says the GPU has
 * bf16 tensor cores. With them, bf16 peaks are 2× (GeForce Ampere and Ada, FP32 accumulation)
 * to 16× (A100, H100) the FP32 lanes' peak; without them (Turing, Volta, Pascal) PyTorch runs a
 * bf16 product no faster than FP32, usually slower. 1.3 sits well between the two.
 */
export const BF16_TENSOR_CORE_RATIO = 1.3;

/** Where the measured figures come from. */
function reportSource(report: MachineReport): string {
  const cuda = report.cuda === null ? '' : `, CUDA ${report.cuda}`;
  return `your calibration report (lesson 8's snippet, PyTorch ${report.torch}${cuda})`;
}

/** The compute capability ("9.0") written in a catalog architecture ("Hopper (GH100, sm_90)"). */
function capabilityOf(id: CatalogGpuId): string | null {
  const match = /sm_(\d+)(\d)\b/.exec(GPU_SPECS[id].architecture);
  return match ? `${match[1]}.${match[2]}` : null;
}

/** The architecture family NVIDIA names a compute capability by. */
export function architectureFamily(capability: string): string {
  const [major, minor] = capability.split('.').map(Number);
  if (major === 7) return minor! >= 5 ? 'Turing' : 'Volta';
  if (major === 8) return minor === 9 ? 'Ada Lovelace' : 'Ampere';
  if (major === 9) return 'Hopper';
  if (major === 10 || major === 12) return 'Blackwell';
  if (major === 6) return 'Pascal';
  return `Compute capability ${capability}`;
}

const CUDA_CATALOG = (Object.keys(GPU_SPECS) as CatalogGpuId[]).filter(
  (id) => capabilityOf(id) !== null,
);

/**
 * The catalog GPU whose architecture the report's GPU shares: the same compute capability, else
 * the same major version (the newest such entry); null when none, or when it is unknown.
 */
export function referenceGpuFor(capability: string | null): CatalogGpuId | null {
  if (capability === null) return null;
  const exact = CUDA_CATALOG.find((id) => capabilityOf(id) === capability);
  if (exact) return exact;
  const major = capability.split('.')[0];
  const sameMajor = CUDA_CATALOG.filter((id) => capabilityOf(id)?.split('.')[0] === major);
  return sameMajor.length > 0 ? sameMajor[sameMajor.length - 1]! : null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * A figure not in the report: the reference GPU's value when there is one, else the median over
 * the catalog's CUDA GPUs that have it. Always an estimate, with a note saying which.
 */
function borrowed(
  reference: CatalogGpuId | null,
  pick: (id: CatalogGpuId) => number | undefined,
  unit: string,
  what: string,
): Figure {
  if (reference !== null) {
    const value = pick(reference);
    if (value !== undefined) {
      return estimate(
        value,
        unit,
        GPU_SPECS[reference].name,
        `not measured: ${what} of the ${GPU_SPECS[reference].name}, the catalog GPU of the same architecture`,
      );
    }
  }
  const values = CUDA_CATALOG.map(pick).filter((v): v is number => v !== undefined);
  return estimate(
    median(values),
    unit,
    'the catalog',
    `not measured: the median ${what} over the catalog's ${values.length} CUDA GPUs that have one`,
  );
}

/** A rate in the unit people read it in (TFLOP/s, GB/s), for notes. */
function readable(value: number, unit: string): string {
  if (unit === 'FLOP/s') return `${(value / 1e12).toPrecision(4)} TFLOP/s`;
  if (unit === 'B/s') return `${(value / 1e9).toPrecision(4)} GB/s`;
  return `${value.toPrecision(4)} ${unit}`;
}

/** A peak inferred from a measured rate and the fraction a catalog GPU reaches of its peak. */
function peakFromRate(
  rate: number,
  fraction: Figure,
  unit: string,
  what: string,
  source: string,
): Figure {
  const whose =
    fraction.source === 'the catalog'
      ? 'the median catalog GPU reaches'
      : `the ${fraction.source} reaches`;
  return estimate(
    rate / fraction.value,
    unit,
    source,
    `inferred: your ${what}, ${readable(rate, unit)}, ÷ ${fraction.value.toPrecision(3)}, the share of its peak ${whose} in such work`,
  );
}

/** The tensor-core peaks and fractions, from the measured bf16 product. */
function tensorCores(
  report: MachineReport,
  reference: CatalogGpuId | null,
  source: string,
): {
  peaks: Partial<Record<TensorPrecision, Figure>>;
  fractions: Partial<Record<TensorPrecision, Figure>>;
} {
  if (report.bf16MatmulFlopsPerSecond < BF16_TENSOR_CORE_RATIO * report.fp32MatmulFlopsPerSecond) {
    return { peaks: {}, fractions: {} };
  }
  const fraction = (p: TensorPrecision, what: string) =>
    borrowed(reference, (id) => ACHIEVABLE[id].tensorMatmul[p]?.value, 'fraction', what);
  const bf16Fraction = fraction('bf16', 'share of the bf16 tensor-core peak a large GEMM reaches');
  const bf16Peak = peakFromRate(
    report.bf16MatmulFlopsPerSecond,
    bf16Fraction,
    'FLOP/s',
    '4096³ bf16 matmul',
    source,
  );
  const scaled = (ratio: number, note: string): Figure =>
    estimate(bf16Peak.value * ratio, 'FLOP/s', source, note);
  const peaks: Partial<Record<TensorPrecision, Figure>> = {
    bf16: bf16Peak,
    fp16: scaled(
      1,
      'not measured: the bf16 peak (fp16 runs at the bf16 rate on every catalog GPU with both)',
    ),
    tf32: scaled(0.5, 'not measured: half the bf16 peak (as on every catalog GPU with both)'),
  };
  const fractions: Partial<Record<TensorPrecision, Figure>> = {
    bf16: bf16Fraction,
    fp16: bf16Fraction,
    tf32: fraction('tf32', 'share of the TF32 tensor-core peak a large GEMM reaches'),
  };
  if (reference !== null && GPU_SPECS[reference].peakFlopsPerSecond['tensor-core'].fp8) {
    peaks.fp8 = scaled(
      2,
      `not measured: twice the bf16 peak, as on the ${GPU_SPECS[reference].name}`,
    );
    fractions.fp8 = fraction('fp8', 'share of the fp8 tensor-core peak a large GEMM reaches');
  }
  return { peaks, fractions };
}

/** The host link, from the measured pinned and pageable copies. */
function hostLink(report: MachineReport, source: string): LinkSpec {
  const pinned = report.pinnedH2dBytesPerSecond;
  const pageable = report.pageableH2dBytesPerSecond;
  // Pageable = one staging copy then the pinned DMA, so 1/pageable = 1/pinned + 1/staging. When
  // the two measured about equal, no staging cost was visible: 50× the pinned rate keeps it
  // within 2 %.
  const staging = pageable >= 0.98 * pinned ? 50 * pinned : 1 / (1 / pageable - 1 / pinned);
  return {
    id: MY_MACHINE_LINK_ID,
    name: 'My machine’s host link (measured)',
    bytesPerSecond: measured(
      pinned,
      'B/s',
      source,
      'your pinned copy (the link’s theoretical rate was not measured, so the rate a pinned copy reached stands in for it)',
    ),
    achievable: {
      h2d: estimate(1, 'fraction', source, 'the peak above is already a measured copy'),
      d2h: estimate(
        D2H_OVER_H2D,
        'fraction',
        source,
        'not measured: device-to-host copies as the catalog’s PCIe measurements compare them with host-to-device ones',
      ),
    },
    latencySeconds: PCIE_LATENCY,
    pageableStagingBytesPerSecond: estimate(
      staging,
      'B/s',
      source,
      `from your pageable copy (${readable(pageable, 'B/s')}) and pinned one: 1 / (1/pageable − 1/pinned)`,
    ),
  };
}

/** The SM anatomy of the reference GPU; all unknown when there is none. */
function anatomyOf(reference: CatalogGpuId | null): SmAnatomy {
  if (reference !== null) return SM_ANATOMY[reference];
  return {
    warpSchedulers: null,
    registerBytes: null,
    l1SharedBytes: null,
    maxSharedBytes: null,
    tensorCoreGeneration: null,
  };
}

/** The catalog entries (GPU, host link, SM anatomy) for a machine described by its report. */
export function myMachineEntry(report: MachineReport): MyMachineEntry {
  const source = reportSource(report);
  const reference = referenceGpuFor(report.computeCapability);
  const architecture =
    report.computeCapability === null
      ? 'unknown architecture (the report has no compute capability), measured on your machine'
      : `${architectureFamily(report.computeCapability)} (sm_${report.computeCapability.replace('.', '')}), measured on your machine`;
  const perSm = (pick: (id: CatalogGpuId) => number, what: string, unit: string): Figure => {
    const ratio = borrowed(
      reference,
      (id) => pick(id) / GPU_SPECS[id].sms.value,
      `${unit} per SM`,
      what,
    );
    return estimate(
      Math.round(ratio.value * report.sms),
      unit,
      ratio.source,
      `${report.sms} measured SMs × ${ratio.value} ${unit} per SM (${ratio.note})`,
    );
  };
  const sgemm = borrowed(
    reference,
    (id) => ACHIEVABLE[id].cudaCoreMatmul.value,
    'fraction',
    'share of the FP32 peak a large SGEMM reaches',
  );
  const memoryShare = borrowed(
    reference,
    (id) => ACHIEVABLE[id].memory.value,
    'fraction',
    'share of DRAM bandwidth a streaming kernel reaches',
  );
  const tensor = tensorCores(report, reference, source);
  const gpu: Gpu = {
    id: MY_MACHINE_ID,
    name: `My machine (${report.gpu})`,
    architecture,
    sms: measured(report.sms, 'SMs', source),
    fp32Cores: perSm((id) => GPU_SPECS[id].fp32Cores.value, 'FP32 lanes per SM', 'lanes'),
    tensorCores:
      tensor.peaks.bf16 === undefined
        ? estimate(
            0,
            'tensor cores',
            source,
            'a bf16 product ran no faster than FP32: no bf16 tensor cores',
          )
        : perSm((id) => GPU_SPECS[id].tensorCores.value, 'tensor cores per SM', 'tensor cores'),
    boostClockHz: borrowed(
      reference,
      (id) => GPU_SPECS[id].boostClockHz.value,
      'Hz',
      'boost clock',
    ),
    peakFlopsPerSecond: {
      'cuda-core': {
        fp32: peakFromRate(
          report.fp32MatmulFlopsPerSecond,
          sgemm,
          'FLOP/s',
          '4096³ FP32 matmul',
          source,
        ),
      },
      'tensor-core': tensor.peaks,
    },
    memoryBytes: measured(report.memoryBytes, 'B', source, 'total_memory as CUDA reports it'),
    memoryBytesPerSecond: peakFromRate(
      report.copyBytesPerSecond,
      memoryShare,
      'B/s',
      'device copy (bytes read + written)',
      source,
    ),
    l2Bytes: null,
    hostLink: MY_MACHINE_LINK_ID,
    maxThreadsPerSm: borrowed(
      reference,
      (id) => GPU_SPECS[id].maxThreadsPerSm.value,
      'threads',
      'resident threads per SM',
    ),
    maxBlocksPerSm: borrowed(
      reference,
      (id) => GPU_SPECS[id].maxBlocksPerSm.value,
      'blocks',
      'resident blocks per SM',
    ),
    launchOverheadSeconds: borrowed(
      reference,
      (id) => GPU_SPECS[id].launchOverheadSeconds.value,
      's',
      'kernel launch cost',
    ),
    dependentOpLatencyCycles: borrowed(
      reference,
      (id) => GPU_SPECS[id].dependentOpLatencyCycles.value,
      'cycles',
      'dependent-op latency',
    ),
    hostOpSeconds: measured(
      report.hostOpSeconds,
      's',
      source,
      'median host time of one torch.relu call from Python',
    ),
    achievable: {
      memory: memoryShare,
      cudaCoreArithmetic: borrowed(
        reference,
        (id) => ACHIEVABLE[id].cudaCoreArithmetic.value,
        'fraction',
        'share of the FP32 peak an FMA chain reaches',
      ),
      cudaCoreMatmul: sgemm,
      tensorMatmul: tensor.fractions,
    },
  };
  return { gpu, link: hostLink(report, source), anatomy: anatomyOf(reference) };
}
