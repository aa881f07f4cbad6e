import { describe, expect, it } from 'vitest';
import { KIND } from '../read/event-table';
import { createTraceParser } from '../read/parse-trace';
import {
  annotation,
  cpuOp,
  exampleText,
  kernel,
  memcpy,
  traceJson,
  type TraceEvent,
} from '../testing/trace-builder';
import { buildTraceReport } from './report';

function parsed(text: string) {
  const parser = createTraceParser();
  parser.write(text);
  return parser.end();
}

function reportOf(text: string) {
  return buildTraceReport(parsed(text));
}

const SYNTHETIC: TraceEvent[] = [
  annotation('ProfilerStep#1', 0, 100),
  annotation('ProfilerStep#2', 100, 100),
  cpuOp('aten::linear', 0, 50),
  cpuOp('aten::mm', 5, 15),
  cpuOp('aten::add', 100, 30),
  ...kernel('sm90_xmma_gemm_bf16', 10, 20, 5),
  ...kernel('vectorized_elementwise_kernel', 40, 10, 35),
  ...kernel('sm90_xmma_gemm_bf16', 110, 30, 105),
  memcpy('HtoD', 150, 20, 1000),
];

describe('buildTraceReport on a small trace with known answers', () => {
  const report = reportOf(traceJson(SYNTHETIC));

  it('finds the profiler steps and the kernels launched in each', () => {
    expect(report.stepSource).toBe('profiler-step');
    expect(report.steps.map((s) => [s.label, s.kernels, s.gpuBusyShare])).toEqual([
      ['step 1', 2, 0.3],
      ['step 2', 1, 0.5],
    ]);
    expect(report.kernels).toBe(3);
    expect(report.kernelsPerStep).toBe(1.5);
    expect(report.meanKernelUs).toBe(20);
  });

  it('measures the busy share and the longest idle gaps', () => {
    expect(report.spanUs).toBe(200);
    expect(report.gpuBusyUs).toBe(80);
    expect(report.gpuBusyShare).toBe(0.4);
    expect(report.gaps.map((g) => [g.startUs, g.durationUs])).toEqual([
      [50, 60],
      [170, 30],
      [0, 10],
      [30, 10],
      [140, 10],
    ]);
    expect(report.cpuOpShare).toBe(0.4);
  });

  it('builds the tables as the profiler sorts them', () => {
    expect(report.topKernels.map((r) => [r.name, r.calls, r.totalUs, r.family])).toEqual([
      ['sm90_xmma_gemm_bf16', 2, 50, 'matmul'],
      ['vectorized_elementwise_kernel', 1, 10, 'memory'],
    ]);
    expect(report.topCpuOps.map((r) => [r.name, r.thread, r.calls, r.totalUs])).toEqual([
      ['aten::linear', '100', 1, 50],
      ['aten::add', '100', 1, 30],
    ]);
    expect(report.copies).toEqual([
      expect.objectContaining({ direction: 'HtoD', calls: 1, totalUs: 20, bytes: 1000 }),
    ]);
  });

  it('draws one lane per CPU thread with nesting and one per GPU stream', () => {
    expect(report.lanes.map((l) => [l.label, l.kind, l.rows, l.startUs.length])).toEqual([
      ['CPU thread 100', 'cpu', 3, 5],
      ['GPU 0 stream 7', 'gpu', 1, 4],
    ]);
  });

  it('calls it host bound, with the evidence', () => {
    expect(report.verdict.kind).toBe('host');
    expect(report.verdict.evidence[0]).toBe('GPU busy 40 % of the traced time');
  });

  it('takes the whole trace as one step when nothing marks steps', () => {
    const whole = reportOf(traceJson(SYNTHETIC.slice(2)));
    expect(whole.stepSource).toBe('whole');
    expect(whole.steps).toHaveLength(1);
    expect(whole.steps[0]?.kernels).toBe(3);
  });
});

describe('buildTraceReport on the real BERT-base trace (H200, bf16, two steps)', () => {
  const trace = parsed(exampleText());
  const report = buildTraceReport(trace);

  it('keeps every CPU op the profiler recorded', () => {
    expect([...trace.events.kind].filter((k) => k === KIND.cpu_op)).toHaveLength(17438);
  });

  it('splits the steps at optimizer.step and counts 1,145 kernels in each', () => {
    expect(report.gpuNames).toEqual(['NVIDIA H200']);
    expect(report.stepSource).toBe('optimizer-step');
    expect(report.steps.map((s) => s.kernels)).toEqual([1145, 1145]);
    expect(report.kernels).toBe(2290);
    expect(report.kernelsPerStep).toBe(1145);
    expect(report.meanKernelUs).toBeCloseTo(14, 0);
  });

  it('finds the GPU busy about 30 % of the time, and the host setting the pace', () => {
    expect(report.gpuBusyShare).toBeGreaterThan(0.27);
    expect(report.gpuBusyShare).toBeLessThan(0.33);
    expect(report.spanUs / 1000).toBeCloseTo(109.3, 1);
    expect(report.verdict.kind).toBe('host');
    expect(report.verdict.evidence[1]).toBe('1,145 kernels per step averaging 14 µs');
  });

  it('lists the CPU threads and the one GPU stream', () => {
    expect(report.lanes.map((l) => l.label)).toEqual([
      'CPU thread 544',
      'CPU thread 585',
      'GPU 0 stream 7',
    ]);
    expect(report.topCpuOps[0]?.name).toBe('aten::linear');
  });
});
