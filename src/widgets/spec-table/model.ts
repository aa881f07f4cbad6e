/**
 * The spec comparison table, generated from the cost engine's hardware catalog: one row per
 * GPU, one cell per figure, each cell keeping its figure (value, kind, source) so the view can
 * mark vendor peaks apart from measurements and number every source as a footnote.
 */
import { getGpu, getLink, GPU_IDS, type Figure, type Gpu, type GpuId } from '../../engine/catalog';
import { estimate, measured } from '../../engine/catalog';
import {
  formatBytesBinary,
  formatCount,
  formatGigabytesPerSecond,
  formatGigahertz,
  formatTeraflopsPerSecond,
} from '../../format/units';

/** The columns of the table, in order. */
export type SpecColumnKey =
  | 'sms'
  | 'fp32Cores'
  | 'tensorCores'
  | 'clock'
  | 'fp32'
  | 'tf32'
  | 'fp16'
  | 'fp8'
  | 'memory'
  | 'bandwidth'
  | 'reached'
  | 'l2'
  | 'link';

/** A column: its header and whether its figures are vendor peaks or measured/estimated. */
export interface SpecColumn {
  key: SpecColumnKey;
  label: string;
  /** 'spec' for datasheet figures, 'measured' for what real work reaches. */
  group: 'spec' | 'measured';
  /** Which of the two tables shows it: the compute side or the memory side of the GPU. */
  part: SpecPart;
}

/** The two halves of the figures, each a table of its own that fits a laptop's width. */
export type SpecPart = 'compute' | 'memory';

/** The tables' titles, in order. */
export const SPEC_PARTS: ReadonlyArray<{ part: SpecPart; title: string }> = [
  { part: 'compute', title: 'Cores, clock and arithmetic peaks' },
  { part: 'memory', title: 'Memory, bandwidth and host link' },
];

/** One cell: its text, the figure behind it (null for "none" or "–"), and its footnote. */
export interface SpecCell {
  text: string;
  figure: Figure | null;
  /** Number of the cell's source in the sources list, or null. */
  source: number | null;
}

/** One GPU's row. */
export interface SpecRow {
  id: GpuId;
  name: string;
  architecture: string;
  /** The source most of the row's figures come from (its SM count's). */
  rowSource: number;
  cells: Record<SpecColumnKey, SpecCell>;
}

/** The whole table. */
export interface SpecTableModel {
  columns: SpecColumn[];
  rows: SpecRow[];
  /** Sources in order of first use; footnote n is sources[n - 1]. */
  sources: string[];
}

/** Every column, in order. */
export const SPEC_COLUMNS: readonly SpecColumn[] = [
  { key: 'sms', label: 'SMs', group: 'spec', part: 'compute' },
  { key: 'fp32Cores', label: 'FP32 cores', group: 'spec', part: 'compute' },
  { key: 'tensorCores', label: 'Tensor cores', group: 'spec', part: 'compute' },
  { key: 'clock', label: 'Boost clock', group: 'spec', part: 'compute' },
  { key: 'fp32', label: 'FP32', group: 'spec', part: 'compute' },
  { key: 'tf32', label: 'TF32 (tensor)', group: 'spec', part: 'compute' },
  { key: 'fp16', label: 'FP16 / BF16 (tensor)', group: 'spec', part: 'compute' },
  { key: 'fp8', label: 'FP8 (tensor)', group: 'spec', part: 'compute' },
  { key: 'memory', label: 'Memory', group: 'spec', part: 'memory' },
  { key: 'bandwidth', label: 'Bandwidth', group: 'spec', part: 'memory' },
  {
    key: 'reached',
    label: 'Bandwidth a streaming kernel reaches',
    group: 'measured',
    part: 'memory',
  },
  { key: 'l2', label: 'L2 cache', group: 'spec', part: 'memory' },
  { key: 'link', label: 'Host link', group: 'spec', part: 'memory' },
];

/** The GPUs the lesson shows by default. */
export const DEFAULT_SPEC_GPUS: readonly GpuId[] = GPU_IDS;

/** The bandwidth a large streaming kernel reaches: peak × the measured (or estimated) share. */
export function reachedBandwidth(gpu: Gpu): Figure {
  const share = gpu.achievable.memory;
  const value = gpu.memoryBytesPerSecond.value * share.value;
  const note = `${formatGigabytesPerSecond(gpu.memoryBytesPerSecond.value)} peak × ${share.value.toFixed(3)}${share.note ? ` (${share.note})` : ''}`;
  return share.kind === 'measured'
    ? measured(value, 'B/s', share.source, note)
    : estimate(value, 'B/s', share.source, note);
}

/** The text of one figure in a column. */
function cellText(key: SpecColumnKey, figure: Figure): string {
  switch (key) {
    case 'sms':
    case 'fp32Cores':
    case 'tensorCores':
      return formatCount(figure.value);
    case 'clock':
      return formatGigahertz(figure.value);
    case 'fp32':
    case 'tf32':
    case 'fp16':
    case 'fp8':
      return formatTeraflopsPerSecond(figure.value);
    case 'memory':
    case 'l2':
      return formatBytesBinary(figure.value);
    case 'bandwidth':
    case 'reached':
      return formatGigabytesPerSecond(figure.value);
    case 'link':
      return '';
  }
}

/** The figure behind each column for one GPU (null where the GPU has none). */
function figuresOf(gpu: Gpu): Record<Exclude<SpecColumnKey, 'link'>, Figure | null> {
  const tensor = gpu.peakFlopsPerSecond['tensor-core'];
  return {
    sms: gpu.sms,
    fp32Cores: gpu.fp32Cores,
    tensorCores: gpu.tensorCores,
    clock: gpu.boostClockHz,
    fp32: gpu.peakFlopsPerSecond['cuda-core'].fp32,
    tf32: tensor.tf32 ?? null,
    fp16: tensor.fp16 ?? null,
    fp8: tensor.fp8 ?? null,
    memory: gpu.memoryBytes,
    bandwidth: gpu.memoryBytesPerSecond,
    reached: reachedBandwidth(gpu),
    l2: gpu.l2Bytes,
  };
}

/** Builds the table for `ids` (the whole catalog by default). */
export function buildSpecTable(ids: readonly GpuId[] = DEFAULT_SPEC_GPUS): SpecTableModel {
  const sources: string[] = [];
  const number = (source: string): number => {
    const at = sources.indexOf(source);
    if (at >= 0) return at + 1;
    sources.push(source);
    return sources.length;
  };
  // Footnotes count in reading order: the compute table's rows, then the memory table's.
  const gpus = ids.map((id) => getGpu(id));
  for (const { part } of SPEC_PARTS) {
    for (const gpu of gpus) {
      number(gpu.sms.source);
      const figures = figuresOf(gpu);
      for (const column of SPEC_COLUMNS) {
        if (column.part !== part || column.key === 'link') continue;
        const figure = figures[column.key];
        const zeroTensor = column.key === 'tensorCores' && figure?.value === 0;
        if (figure && !zeroTensor) number(figure.source);
      }
    }
  }
  const rows = gpus.map((gpu): SpecRow => {
    const figures = figuresOf(gpu);
    const rowSource = number(gpu.sms.source);
    const cells = {} as Record<SpecColumnKey, SpecCell>;
    for (const column of SPEC_COLUMNS) {
      if (column.key === 'link') {
        const link = getLink(gpu.hostLink);
        cells.link = { text: link.name, figure: null, source: null };
        continue;
      }
      const figure = figures[column.key];
      const zeroTensor = column.key === 'tensorCores' && figure?.value === 0;
      if (!figure || zeroTensor) {
        cells[column.key] = {
          text: zeroTensor ? 'none' : '–',
          figure: zeroTensor ? figure : null,
          source: null,
        };
        continue;
      }
      let text = cellText(column.key, figure);
      const memoryType =
        column.key === 'memory' ? /^(HBM\w*|GDDR\w*)/.exec(figure.note ?? '') : null;
      if (memoryType) text += ` ${memoryType[1]}`;
      cells[column.key] = { text, figure, source: number(figure.source) };
    }
    return { id: gpu.id, name: gpu.name, architecture: gpu.architecture, rowSource, cells };
  });
  return { columns: [...SPEC_COLUMNS], rows, sources };
}
