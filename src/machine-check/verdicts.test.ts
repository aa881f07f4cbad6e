import { describe, expect, it } from 'vitest';
import { WIDGETS } from '../widgets/registry';
import type { GpuAcquisition, GpuContext } from '../gpu';
import { factsOf } from './run-check';
import {
  courseVerdicts,
  kernelLine,
  limitText,
  overallVerdict,
  reportText,
  type KernelReport,
  type MachineFacts,
} from './verdicts';

const env = {
  secureContext: true,
  userAgent: 'TestBrowser/1.0',
  now: () => new Date('2026-03-02T10:00:00Z'),
};

/** An acquisition of a fake device with an adapter of these features. */
function acquired(isFallback: boolean, features: string[]): GpuAcquisition {
  const gpu = {
    adapter: {
      vendor: isFallback ? 'google' : 'nvidia',
      architecture: isFallback ? 'swiftshader' : 'ada',
      device: '',
      description: isFallback ? 'SwiftShader Device' : 'NVIDIA GeForce RTX 4090',
      isFallback,
      limits: { maxStorageBufferBindingSize: 134_217_728, maxBufferSize: 268_435_456 },
      features,
    },
  } as unknown as GpuContext;
  return { ok: true, gpu };
}

const passed: KernelReport = {
  ok: true,
  kernel: 'ReLU',
  elements: 1 << 20,
  seconds: 0.0012,
  bytesPerSecond: 7e9,
  method: 'time to completion',
  verified: true,
  detail: 'all 1,048,576 values match the CPU reference',
  wallSeconds: 2.1,
};

const kinds = (facts: MachineFacts) =>
  Object.fromEntries(courseVerdicts(facts).map((v) => [v.id, v.kind]));

describe('the machine check’s verdicts', () => {
  it('covers every widget of the course and the puzzles', () => {
    const covered = new Set(
      courseVerdicts(factsOf(acquired(false, []), env)).flatMap((v) => v.widgets),
    );
    for (const w of WIDGETS) expect(covered, w.id).toContain(w.id);
    expect(covered).toContain('puzzles');
  });

  it('on a software adapter: everything measures, on the CPU, and the models work', () => {
    const facts = { ...factsOf(acquired(true, ['timestamp-query']), env), kernel: passed };
    expect(facts.adapter).toMatchObject({
      isFallback: true,
      label: 'google · swiftshader · SwiftShader Device',
    });
    expect(kinds(facts)).toEqual({
      race: 'measures-cpu',
      inside: 'measures-cpu',
      console: 'measures-cpu',
      transfer: 'measures-cpu',
      precision: 'measures-cpu',
      timing: 'measures-cpu',
      puzzles: 'measures-cpu',
      files: 'models',
      models: 'models',
    });
    expect(overallVerdict(facts)).toMatch(
      /software fallback adapter: everything runs and measures, but on the CPU/,
    );
    const precision = courseVerdicts(facts).find((v) => v.id === 'precision');
    expect(precision?.line).toMatch(/no shader-f16/);
  });

  it('on a hardware GPU: measures, and says what each missing feature costs', () => {
    const all = [
      'timestamp-query',
      'subgroups',
      'shader-f16',
      'chromium-experimental-subgroup-matrix',
    ];
    const full = { ...factsOf(acquired(false, all), env), kernel: passed };
    expect(new Set(Object.values(kinds(full)).filter((k) => k !== 'models'))).toEqual(
      new Set(['measures']),
    );
    const bare = { ...factsOf(acquired(false, []), env), kernel: passed };
    expect(kinds(bare)).toMatchObject({
      precision: 'partly',
      timing: 'partly',
      inside: 'measures',
    });
    expect(courseVerdicts(bare).find((v) => v.id === 'timing')?.line).toBe(
      'Measures, except: no GPU timestamps (times to completion instead); no subgroups (the fast sum is skipped); no subgroup matrices (no tensor-core matmul).',
    );
  });

  it('without WebGPU, or when the test kernel fails: models, and says why', () => {
    const none = factsOf(
      { ok: false, reason: 'no-webgpu', message: 'This browser has no WebGPU.' },
      env,
    );
    expect(none.adapter).toBeNull();
    expect(kinds(none)).toMatchObject({
      race: 'partly',
      inside: 'models',
      puzzles: 'models',
      console: 'partly',
    });
    expect(overallVerdict(none)).toMatch(/^No WebGPU here/);
    const wrong = {
      ...factsOf(acquired(false, []), env),
      kernel: { ...passed, verified: false, detail: '3 of all values differ' },
    };
    expect(kinds(wrong).inside).toBe('models');
    expect(overallVerdict(wrong)).toMatch(/test kernel did not pass/);
    expect(kernelLine({ ok: false, message: 'device lost' })).toBe('failed: device lost');
  });

  it('writes a plain-text report, one fact a line', () => {
    const facts = { ...factsOf(acquired(true, ['timestamp-query']), env), kernel: passed };
    const text = reportText(facts, 'Lab 2, seat 14');
    expect(text.split('\n').slice(0, 7)).toEqual([
      'GPU Lab machine check: Lab 2, seat 14',
      'Checked: 2026-03-02T10:00:00.000Z',
      'Browser: TestBrowser/1.0',
      expect.stringMatching(/^Verdict: WebGPU runs on a software fallback adapter/),
      'WebGPU: yes',
      'Adapter: google · swiftshader · SwiftShader Device',
      'Software fallback: yes (runs on the CPU)',
    ]);
    expect(text).toContain('Feature timestamp-query: yes\nFeature shader-f16: no\n');
    expect(text).toContain('Limit maxStorageBufferBindingSize: 128 MiB\n');
    expect(text).toContain(
      'Test kernel: ReLU on 1,048,576 floats: 1200 µs per run, 7.0 GB/s (time to completion); verified: all 1,048,576 values match the CPU reference\n',
    );
    expect(text).toMatch(/\[MEASURES ON CPU\] The WGSL puzzles: Measures, on the CPU/);
    expect(text).toMatch(/\[MODEL ONLY\] Reading real files/);
    expect(limitText('maxComputeInvocationsPerWorkgroup', 1024)).toBe('1,024');
  });
});
