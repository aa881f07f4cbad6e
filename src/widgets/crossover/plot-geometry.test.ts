import { describe, expect, it } from 'vitest';
import { listGpus } from '../../engine/catalog';
import { segmentCrossesBox, wordCollisions } from '../../ui/plot/label-placement';
import { modelCurves } from './model';
import { crossoverPlotData, type CrossoverPlotData } from './plot-data';
import { crossoverGeometry } from './plot-geometry';
import type { Op } from './settings';

/** Plot widths: a phone (the lesson column at 375 px is 349), a laptop's column, a full width. */
const WIDTHS = [320, 349, 480, 640, 768, 1000, 1300];

const names = { cpu: 'Your CPU', gpu: 'Your GPU', catalogCpu: 'i9', catalogGpu: 'A100' };

function modeledOnly(op: Op, gpuId = 'a100-sxm-80gb'): CrossoverPlotData {
  const modeled = modelCurves(op, gpuId);
  return crossoverPlotData(op, null, modeled, { kind: 'none' } as never, names);
}

/** The modeled plot with measured curves and both crossover marks, as after a sweep. */
function withMeasured(op: Op): CrossoverPlotData {
  const data = modeledOnly(op);
  const sizes = op === 'relu' ? [1024, 16384, 262144, 4194304] : [32, 128, 512, 1024];
  const put = (id: string, f: (n: number) => number) => {
    const series = data.series.find((s) => s.id === id)!;
    series.points = sizes.map((n) => [n, f(n)] as const);
  };
  put('cpu-measured', (n) => 2e-4 + n * 2e-9);
  put('gpu-measured', (n) => 1e-3 + n * 1e-9);
  put('gpu-kernel', (n) => 5e-4 + n * 2e-10);
  data.marks = [
    { kind: 'measured', size: sizes[2]!, label: 'measured crossover' },
    ...data.marks.filter((m) => m.kind === 'modeled'),
  ];
  return data;
}

/** Every label's box, and any label a line crosses or another label overlaps. */
function problems(op: Op, data: CrossoverPlotData, width: number) {
  const g = crossoverGeometry(op, data, width);
  return { ...wordCollisions([...g.endLabels, ...g.markLabels], g.lines), g };
}

describe('the crossover plot’s labels', () => {
  it.each(WIDTHS)('name every modeled curve clear of every line at %i px', (width) => {
    for (const op of ['relu', 'matmul'] as const) {
      const { overlapping, crossed, g } = problems(op, modeledOnly(op), width);
      expect({ op, overlapping, crossed }).toEqual({ op, overlapping: [], crossed: [] });
      expect(g.endLabels.map((l) => l.text).sort()).toEqual(['CPU model', 'GPU model']);
    }
  });

  it('keeps "CPU model" off the GPU model’s line for every catalog GPU', () => {
    for (const gpu of listGpus()) {
      for (const op of ['relu', 'matmul'] as const) {
        for (const width of [349, 768]) {
          const { crossed, overlapping } = problems(op, modeledOnly(op, gpu.id), width);
          expect({ gpu: gpu.id, op, width, crossed, overlapping }).toEqual({
            gpu: gpu.id,
            op,
            width,
            crossed: [],
            overlapping: [],
          });
        }
      }
    }
  });

  it.each(WIDTHS)('name measured curves and crossover marks clear of lines at %i px', (width) => {
    for (const op of ['relu', 'matmul'] as const) {
      const data = withMeasured(op);
      const { overlapping, crossed, g } = problems(op, data, width);
      expect({ op, overlapping, crossed }).toEqual({ op, overlapping: [], crossed: [] });
      // Where there is room every curve is named on the plot; on a narrow plot a name with no free
      // place is left to the legend, but the modeled curves keep theirs.
      if (width >= 640) expect(g.endLabels).toHaveLength(5);
      const named = g.endLabels.map((l) => l.key);
      expect(named).toEqual(expect.arrayContaining(['cpu-modeled', 'gpu-modeled']));
      expect(g.markLabels).toHaveLength(data.marks.length);
    }
  });

  it('stays inside the plot area and near the curve it names', () => {
    const { g } = problems('relu', modeledOnly('relu'), 768);
    for (const label of g.endLabels) {
      expect(label.box.x).toBeGreaterThanOrEqual(0);
      expect(label.box.y).toBeGreaterThanOrEqual(0);
      expect(label.box.y + label.box.height).toBeLessThanOrEqual(g.frame.innerHeightPx);
    }
    const modeled = modeledOnly('relu');
    for (const label of g.endLabels) {
      const end = modeled.series.find((s) => s.id === label.key)!.points.at(-1)!;
      expect(Math.abs(label.y - g.y(end[1]))).toBeLessThan(g.frame.innerHeightPx / 3);
    }
  });

  it('would have caught the old place: "CPU model" right above its end is crossed', () => {
    // The place the plot used to draw it (6 px left of the end, 8 px above), unmoved.
    const { g } = problems('relu', modeledOnly('relu'), 768);
    const cpu = modeledOnly('relu').series.find((s) => s.id === 'cpu-modeled')!;
    const end = cpu.points.at(-1)!;
    const old = { ...g.endLabels.find((l) => l.key === 'cpu-modeled')!.box };
    old.x = g.x(end[0]) - 6 - old.width;
    old.y = g.y(end[1]) - 8 - 11 * 0.8;
    expect(g.lines.some((line) => segmentCrossesBox(line, old))).toBe(true);
  });
});
