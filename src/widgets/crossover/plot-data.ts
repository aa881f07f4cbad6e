/** What the crossover plot draws: its series, its domains and its crossover marks. Pure. */
import type { Crossover } from './crossover-point';
import { MODEL_RANGE, type ModeledCurves } from './model';
import type { Op } from './settings';
import type { SweepResult } from './types';

/** The curves, each drawn its own way so colour is never the only difference. */
export type SeriesId =
  'cpu-measured' | 'gpu-measured' | 'gpu-kernel' | 'cpu-modeled' | 'gpu-modeled';

/** One curve: its points (size, seconds), smallest size first. */
export interface Series {
  id: SeriesId;
  label: string;
  kind: 'measured' | 'modeled';
  points: Array<readonly [number, number]>;
}

/** A vertical mark where the GPU starts to win. */
export interface CrossoverMark {
  kind: 'measured' | 'modeled';
  size: number;
  label: string;
}

/** Everything the plot draws. */
export interface CrossoverPlotData {
  series: Series[];
  marks: CrossoverMark[];
  xDomain: readonly [number, number];
  yDomain: readonly [number, number];
}

/** The measured points of one side, verified ones only. */
function measuredSeries(
  result: SweepResult | null,
  pick: 'cpu' | 'gpu' | 'kernel',
): Array<readonly [number, number]> {
  if (!result) return [];
  const points: Array<readonly [number, number]> = [];
  for (const p of result.points) {
    if (pick === 'cpu') {
      if (p.cpu?.check.ok) points.push([p.size, p.cpu.seconds]);
      continue;
    }
    if (!p.gpu || !p.gpu.check.ok || p.gpu.size !== p.size) continue;
    const seconds = pick === 'gpu' ? p.gpu.seconds : p.gpu.kernelSeconds;
    if (seconds !== null && seconds > 0) points.push([p.size, seconds]);
  }
  return points;
}

/** Powers of ten around [low, high]. */
function decades(low: number, high: number): readonly [number, number] {
  const lo = 10 ** Math.floor(Math.log10(low));
  const hi = 10 ** Math.ceil(Math.log10(high));
  return [lo, hi > lo ? hi : lo * 10];
}

/** Builds the plot's data from a sweep (or none yet) and the modeled curves. */
export function crossoverPlotData(
  op: Op,
  result: SweepResult | null,
  modeled: ModeledCurves,
  measured: Crossover,
  names: { cpu: string; gpu: string; catalogCpu: string; catalogGpu: string },
): CrossoverPlotData {
  const series: Series[] = [
    {
      id: 'cpu-measured',
      label: `${names.cpu} (measured)`,
      kind: 'measured',
      points: measuredSeries(result, 'cpu'),
    },
    {
      id: 'gpu-measured',
      label: `${names.gpu}, with upload and readback (measured)`,
      kind: 'measured',
      points: measuredSeries(result, 'gpu'),
    },
    {
      id: 'gpu-kernel',
      label: `${names.gpu}, kernel alone (measured)`,
      kind: 'measured',
      points: measuredSeries(result, 'kernel'),
    },
    {
      id: 'cpu-modeled',
      label: `${names.catalogCpu} (modeled)`,
      kind: 'modeled',
      points: modeled.points.map((p) => [p.size, p.cpuSeconds] as const),
    },
    {
      id: 'gpu-modeled',
      label: `${names.catalogGpu}, with copies (modeled)`,
      kind: 'modeled',
      points: modeled.points.map((p) => [p.size, p.gpuSeconds] as const),
    },
  ];
  const marks: CrossoverMark[] = [];
  if (measured.kind === 'at') {
    marks.push({ kind: 'measured', size: measured.size, label: 'measured crossover' });
  }
  if (modeled.crossover.kind === 'at') {
    marks.push({ kind: 'modeled', size: modeled.crossover.size, label: 'modeled crossover' });
  }
  const xs = [...MODEL_RANGE[op], ...(result?.sizes ?? [])];
  const ys = series.flatMap((s) => s.points.map((p) => p[1])).filter((y) => y > 0);
  const xDomain = [Math.min(...xs), Math.max(...xs)] as const;
  const yDomain =
    ys.length > 0 ? decades(Math.min(...ys) / 1.5, Math.max(...ys) * 1.5) : ([1e-6, 1] as const);
  return { series, marks, xDomain, yDomain };
}

/** Whether a sweep has measured points on both of its main measured curves. */
export function hasBothMeasured(data: CrossoverPlotData): boolean {
  const count = (id: SeriesId) => data.series.find((s) => s.id === id)?.points.length ?? 0;
  return count('cpu-measured') > 0 && count('gpu-measured') > 0;
}
