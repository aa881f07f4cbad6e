import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../limits';
import { SnapshotError } from '../problem';
import { frameLabel, shortStack } from '../snapshot/frames';
import { exampleBytes, generatedExampleBytes } from '../testing/example-file';
import { USER_STACK, block, event, segment, snapshotPickle } from '../testing/snapshot-builder';
import { analyseSnapshotBytes, tooLargeProblem, type AnalyseProgress } from './analyse';
import { MAX_ALIVE_ROWS, MAX_CHART_POINTS } from './report';

const MIB = 1024 * 1024;

describe("analysing the example snapshot, recorded on an H100 with lesson 5's code", () => {
  const report = analyseSnapshotBytes(exampleBytes());
  const timeline = report.devices[0]?.timeline;

  it('peaks where torch.cuda.max_memory_allocated() did in the same code (713 MiB)', () => {
    expect(report.hasHistory).toBe(true);
    expect(report.devices.map((d) => d.device)).toEqual([0]);
    expect(timeline?.xKind).toBe('time');
    expect(timeline?.peakBytes).toBe(747_798_528);
    expect(Math.round((timeline?.peakBytes ?? 0) / MIB)).toBe(713);
    expect(timeline?.counts).toMatchObject({ total: 222, allocs: 77, frees: 66, ooms: 0 });
    // Two 4096 x 4096 float32 layers: every large block alive at the peak is a 64 MiB tensor
    // (weights, gradients, AdamW's moments and its temporaries) or a workspace.
    expect(timeline?.aliveAtPeak[0]?.bytes).toBe(64 * MIB);
    expect(timeline?.aliveAtPeakCount).toBe(24);
  });

  it('reads the allocator settings PyTorch 2.11 wrote, and the segments', () => {
    expect(report.allocatorSettings).toContainEqual(['expandable_segments', 'False']);
    expect(report.devices[0]?.totals).toMatchObject({
      segmentCount: 17,
      reservedBytes: 824_180_736,
    });
  });
});

describe('analysing the generated snapshot (scripts/make-memory-snapshot-example.py)', () => {
  const report = analyseSnapshotBytes(generatedExampleBytes());
  const device = report.devices[0];
  const timeline = device?.timeline;

  it('finds the peak in the first Adam step, with its state and temporaries alive', () => {
    expect(report.hasHistory).toBe(true);
    expect(report.devices.map((d) => d.device)).toEqual([0]);
    expect(timeline?.xKind).toBe('time');
    // The same total as a plain replay in Python of the generated trace (alloc minus free_completed).
    expect(timeline?.peakBytes).toBe(126_509_260);
    expect((timeline?.peakBytes ?? 0) / MIB).toBeCloseTo(120.65, 2);
    const labels = (timeline?.aliveAtPeak ?? []).map((row) => {
      const short = shortStack(report.stacks[row.stackId] ?? []);
      return short.frames[0] ? frameLabel(short.frames[0]) : 'none';
    });
    // Adam's exp_avg and exp_avg_sq for six parameters, and six foreach temporaries.
    expect(labels.filter((l) => l === 'train.py:51 in train_step').length).toBe(18);
    expect(labels).toContain('train.py:31 in build_model');
    expect(timeline?.aliveAtPeak[0]?.bytes).toBe(16 * MIB);
    expect(timeline?.aliveAtPeakCount).toBe(timeline?.aliveAtPeak.length);
    expect(timeline?.counts).toMatchObject({
      total: 401,
      allocs: 149,
      frees: 121,
      segmentAllocs: 9,
      ooms: 0,
    });
  });

  it('sums the segments: what is reserved, allocated, and cached free', () => {
    expect(device?.totals).toMatchObject({ segmentCount: 9, reservedBytes: 142 * MIB });
    expect(device?.totals.freeBytes).toBe(
      (device?.totals.reservedBytes ?? 0) - (device?.totals.allocatedBytes ?? 0),
    );
    expect(report.allocatorSettings[0]).toEqual(['PYTORCH_CUDA_ALLOC_CONF', '']);
  });
});

describe('analyseSnapshotBytes', () => {
  it('handles a trace of many thousands of events, thinned for the chart, with progress', () => {
    // 8,000 allocations and frees are enough for both things this test is about: far more events
    // than the chart's MAX_CHART_POINTS, and a pickle of several times the 65,536 opcodes between
    // two progress reports (about 30 opcodes a pair). Both are asserted below, so a change of
    // either limit that left this trace short of it would fail here rather than pass untested.
    const pairs = 8000;
    const base = 0x7f0000000000;
    const events = [];
    for (let i = 0; i < pairs; i++) {
      const addr = base + (i % 64) * MIB;
      events.push(event('alloc', addr, 1000 + i, 1e15 + i * 10, USER_STACK));
      events.push(event('free_completed', addr, 1000 + i, 1e15 + i * 10 + 5, USER_STACK));
    }
    events.push(event('alloc', base, 5 * MIB, 2e15, USER_STACK));
    const bytes = snapshotPickle(
      [segment(base, [block(base, 5 * MIB, 'active_allocated', 5 * MIB, USER_STACK)])],
      [events],
    );
    const progress: AnalyseProgress[] = [];
    const report = analyseSnapshotBytes(bytes, (p) => progress.push(p));
    const timeline = report.devices[0]?.timeline;
    expect(timeline?.counts.total).toBe(2 * pairs + 1);
    // More than twice as many events as the chart keeps points, so the series was thinned.
    expect(timeline?.counts.total).toBeGreaterThan(2 * MAX_CHART_POINTS);
    expect(timeline?.points.length).toBeLessThanOrEqual(MAX_CHART_POINTS + 1);
    expect(timeline?.peakBytes).toBe(5 * MIB);
    expect(timeline?.endBytes).toBe(5 * MIB);
    expect(timeline?.aliveAtPeak).toHaveLength(1);
    // At least two reports while reading: the pickle crossed the reporting interval twice.
    expect(progress.filter((p) => p.stage === 'reading').length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toEqual({ stage: 'analysing', fraction: 0.9 });
  });

  it('sends only the largest rows alive at the peak, and counts them all', () => {
    const base = 0x10000;
    const events = Array.from({ length: MAX_ALIVE_ROWS + 20 }, (_, i) =>
      event('alloc', base + i * 1024, 512 + i),
    );
    const report = analyseSnapshotBytes(snapshotPickle([], [events]));
    const timeline = report.devices[0]?.timeline;
    expect(timeline?.aliveAtPeakCount).toBe(MAX_ALIVE_ROWS + 20);
    expect(timeline?.aliveAtPeak).toHaveLength(MAX_ALIVE_ROWS);
    expect(timeline?.aliveAtPeak[0]?.bytes).toBe(512 + MAX_ALIVE_ROWS + 19);
  });

  it('reports segments only when history was not recorded', () => {
    const report = analyseSnapshotBytes(
      snapshotPickle([segment(0x1000, [block(0x1000, 2048, 'active_allocated')])]),
    );
    expect(report.hasHistory).toBe(false);
    expect(report.devices[0]?.timeline).toBeNull();
    expect(report.devices[0]?.totals.allocatedBytes).toBe(2048);
  });

  it('refuses a file over the size limit without reading it', () => {
    let thrown: unknown;
    try {
      analyseSnapshotBytes(new Uint8Array(MAX_FILE_BYTES + 1));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SnapshotError);
    expect((thrown as SnapshotError).problem.kind).toBe('too-large');
    expect(tooLargeProblem(300 * MIB).message).toMatch(/^The file is 300 MiB; .* up to 128 MiB/);
  });
});
