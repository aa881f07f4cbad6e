/**
 * What a lab machine can do with the course, from what its browser reported: whether WebGPU is
 * there and why not, the adapter and whether it is a software fallback, the features and limits
 * the course uses, the test kernel's outcome, and one verdict per part of the course (which
 * widgets and puzzles will measure, which will only model), as plain data and as the text an
 * instructor collects from a room of machines. Pure: run-check.ts gathers the facts.
 */

/** The adapter as the check reports it. */
export interface AdapterReport {
  label: string;
  vendor: string;
  architecture: string;
  device: string;
  description: string;
  isFallback: boolean;
}

/** A feature the course uses: whether the adapter offers it and what it is for. */
export interface FeatureReport {
  name: string;
  offered: boolean;
  use: string;
}

/** A limit the course relies on, against the WebGPU default every device gets. */
export interface LimitReport {
  name: string;
  /** What the adapter offers (null: not reported). */
  adapter: number | null;
  /** WebGPU's default, what a page's device has unless it asks for more. */
  default: number;
  use: string;
}

/** The test kernel's outcome. */
export type KernelReport =
  | {
      ok: true;
      kernel: string;
      elements: number;
      /** Median seconds per run. */
      seconds: number;
      bytesPerSecond: number;
      /** How it was timed: GPU timestamps or completion on the clock. */
      method: string;
      verified: boolean;
      /** What the check against the CPU found, in words. */
      detail: string;
      /** Wall-clock seconds the whole measurement took. */
      wallSeconds: number;
    }
  | { ok: false; message: string };

/** Everything the check found. */
export interface MachineFacts {
  /** WebGPU there (a device was had), or why not. */
  webgpu: { ok: true } | { ok: false; reason: string; message: string };
  adapter: AdapterReport | null;
  features: FeatureReport[];
  limits: LimitReport[];
  kernel: KernelReport | null;
  /** Whether the page is a secure context (WebGPU needs one). */
  secureContext: boolean;
  /** The browser's user agent string, for the report. */
  userAgent: string;
  /** When the check ran, ISO 8601. */
  checkedAt: string;
}

/** How a part of the course will run here. */
export type VerdictKind = 'measures' | 'measures-cpu' | 'partly' | 'models';

/** One part of the course and how it will run on this machine. */
export interface Verdict {
  id: string;
  part: string;
  /** The widgets (`data-widget` ids) it covers; the puzzles as `puzzles`. */
  widgets: readonly string[];
  kind: VerdictKind;
  line: string;
}

/** The features the course uses, what for. */
export const COURSE_FEATURES: ReadonlyArray<{ name: string; use: string }> = [
  {
    name: 'timestamp-query',
    use: 'GPU timestamps: kernel times read on the GPU (async timing, the kernel lab); without it, time to completion on the clock',
  },
  {
    name: 'shader-f16',
    use: 'half-precision kernels: the precision explorer’s real f16 kernel beside its f32 twin',
  },
  {
    name: 'subgroups',
    use: 'the kernel lab’s fast sum (subgroup reductions)',
  },
  {
    name: 'chromium-experimental-subgroup-matrix',
    use: 'tensor cores from WebGPU: the kernel lab’s subgroup-matrix matmul',
  },
];

/** The limits the course relies on, with WebGPU's defaults. */
export const COURSE_LIMITS: ReadonlyArray<{ name: string; default: number; use: string }> = [
  {
    name: 'maxStorageBufferBindingSize',
    default: 134_217_728,
    use: 'the largest array one kernel binds; the lab fits its sizes to it',
  },
  { name: 'maxBufferSize', default: 268_435_456, use: 'the largest single buffer' },
  {
    name: 'maxComputeWorkgroupStorageSize',
    default: 16_384,
    use: 'workgroup memory: tiled matmuls, the transpose and reduction puzzles',
  },
  {
    name: 'maxComputeInvocationsPerWorkgroup',
    default: 256,
    use: 'threads in one workgroup: the explorer’s block sizes',
  },
];

const offered = (facts: MachineFacts, name: string) =>
  facts.features.some((f) => f.name === name && f.offered);

/** The parts of the course, each with the widgets it covers, and how it runs given the facts. */
export function courseVerdicts(facts: MachineFacts): Verdict[] {
  const gpu = facts.webgpu.ok;
  const soft = gpu && facts.adapter?.isFallback === true;
  const kernelFailed = facts.kernel !== null && (!facts.kernel.ok || !facts.kernel.verified);
  const measured = (
    id: string,
    part: string,
    widgets: readonly string[],
    what: string,
    missing: string | null = null,
  ): Verdict => {
    if (!gpu || kernelFailed) {
      return {
        id,
        part,
        widgets,
        kind: 'models',
        line: `Will only model: ${gpu ? 'the test kernel did not pass here' : 'no WebGPU here'}, so ${what} come from the cost model.`,
      };
    }
    if (soft) {
      return {
        id,
        part,
        widgets,
        kind: 'measures-cpu',
        line: `Measures, on the CPU: the adapter is a software fallback, so ${what} describe this machine's CPU cores${missing ? `; ${missing}` : ''}.`,
      };
    }
    if (missing)
      return { id, part, widgets, kind: 'partly', line: `Measures, except: ${missing}.` };
    return { id, part, widgets, kind: 'measures', line: `Measures on this GPU: ${what}.` };
  };
  const modelOnly = (
    id: string,
    part: string,
    widgets: readonly string[],
    line: string,
  ): Verdict => ({
    id,
    part,
    widgets,
    kind: 'models',
    line,
  });
  const f16 = offered(facts, 'shader-f16');
  const timestamps = offered(facts, 'timestamp-query');
  const subgroups = offered(facts, 'subgroups');
  const matrix = offered(facts, 'chromium-experimental-subgroup-matrix');
  const labMissing = [
    ...(timestamps ? [] : ['no GPU timestamps (times to completion instead)']),
    ...(subgroups ? [] : ['no subgroups (the fast sum is skipped)']),
    ...(matrix ? [] : ['no subgroup matrices (no tensor-core matmul)']),
  ];
  return [
    {
      ...measured(
        'race',
        'The CPU vs GPU race and the crossover plot (lessons 1 and 9)',
        ['race', 'crossover'],
        'the GPU side’s times',
      ),
      // The CPU side is always measured, in Web Workers.
      ...(gpu && !kernelFailed
        ? {}
        : {
            kind: 'partly' as const,
            line: `Measures the CPU side in Web Workers; the GPU side ${gpu ? 'is modeled: the test kernel did not pass here' : 'is modeled: no WebGPU here'}.`,
          }),
    },
    measured(
      'inside',
      'The SM explorer, the warp view and your GPU card (lessons 2 and 8)',
      ['explorer', 'warp', 'device'],
      'kernel runs, coalescing and divergence',
    ),
    {
      ...measured(
        'console',
        'The PyTorch console (lessons 3 to 9)',
        ['console'],
        'the values its CUDA lines compute and their times',
      ),
      ...(gpu && !kernelFailed
        ? {}
        : {
            kind: 'partly' as const,
            line: 'Runs, computing values on the CPU: every line works; no kernel times are measured.',
          }),
    },
    measured(
      'transfer',
      'The transfer simulator (lesson 4)',
      ['transfer'],
      'your own upload and read-back',
    ),
    measured(
      'precision',
      'The precision explorer (lesson 6)',
      ['precision'],
      'its kernels',
      f16 ? null : 'no shader-f16, so the real f16 kernel does not run (the f32 one does)',
    ),
    measured(
      'timing',
      'Async timing and the kernel lab (lesson 8)',
      ['async-timing', 'kernel-lab'],
      'kernel times, roofs and each matmul step',
      labMissing.length > 0 ? labMissing.join('; ') : null,
    ),
    measured(
      'puzzles',
      'The WGSL puzzles',
      ['puzzles', 'triton-kernel'],
      'learners’ kernels, checked against the CPU',
    ),
    modelOnly(
      'files',
      'Reading real files: memory snapshots, profiler traces, your machine in the catalog (lessons 5 and 8)',
      ['memory-snapshot', 'trace', 'my-machine'],
      'Works on any machine: it reads files learners bring, in the browser.',
    ),
    modelOnly(
      'models',
      'The models of real hardware: Amdahl, spec tables, memory, network profiles, data parallel, serving, the layout planner (lessons 1, 2, 5, 7, 10, 11 and 12)',
      [
        'amdahl',
        'spec-table',
        'memory',
        'network-profile',
        'data-parallel',
        'serving',
        'parallel-planner',
      ],
      'Works on any machine: the cost model runs in the page, the same everywhere.',
    ),
  ];
}

/** The verdict on the whole machine in one sentence. */
export function overallVerdict(facts: MachineFacts): string {
  if (!facts.webgpu.ok) {
    return 'No WebGPU here: every lesson, model and puzzle text works, but nothing measures a GPU; the widgets show the cost model instead.';
  }
  if (facts.kernel && (!facts.kernel.ok || !facts.kernel.verified)) {
    return 'WebGPU is here, but the test kernel did not pass, so measurements here cannot be trusted; the widgets will show the model.';
  }
  if (facts.adapter?.isFallback) {
    return 'WebGPU runs on a software fallback adapter: everything runs and measures, but on the CPU, so the "GPU" loses to plain JavaScript, as the lessons explain.';
  }
  return 'WebGPU runs on a hardware GPU: the widgets and puzzles measure it.';
}

const words = (kind: VerdictKind) =>
  kind === 'measures'
    ? 'MEASURES'
    : kind === 'measures-cpu'
      ? 'MEASURES ON CPU'
      : kind === 'partly'
        ? 'PARTLY'
        : 'MODEL ONLY';

/** A byte count in binary units, for the report. */
function bytes(n: number | null): string {
  if (n === null) return 'not reported';
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** A limit's value as the report writes it. */
export function limitText(name: string, value: number | null): string {
  if (value === null) return 'not reported';
  return /Size$/.test(name) ? bytes(value) : value.toLocaleString('en-US');
}

/** The kernel's outcome in one line. */
export function kernelLine(kernel: KernelReport | null): string {
  if (kernel === null) return 'not run (no WebGPU)';
  if (!kernel.ok) return `failed: ${kernel.message}`;
  const micro = kernel.seconds * 1e6;
  return `${kernel.kernel} on ${kernel.elements.toLocaleString('en-US')} floats: ${micro >= 100 ? micro.toFixed(0) : micro.toFixed(1)} µs per run, ${(kernel.bytesPerSecond / 1e9).toFixed(1)} GB/s (${kernel.method}); ${kernel.verified ? 'verified' : 'WRONG'}: ${kernel.detail}`;
}

/** The plain-text report "Copy report" gives, one fact a line, to paste into a sheet or a message. */
export function reportText(facts: MachineFacts, label = ''): string {
  const lines = [
    `GPU Lab machine check${label ? `: ${label}` : ''}`,
    `Checked: ${facts.checkedAt}`,
    `Browser: ${facts.userAgent || 'not reported'}`,
    `Verdict: ${overallVerdict(facts)}`,
    `WebGPU: ${facts.webgpu.ok ? 'yes' : `no (${facts.webgpu.reason}): ${facts.webgpu.message}`}`,
  ];
  if (facts.adapter) {
    lines.push(
      `Adapter: ${facts.adapter.label}`,
      `Software fallback: ${facts.adapter.isFallback ? 'yes (runs on the CPU)' : 'no (a hardware GPU)'}`,
    );
  }
  for (const f of facts.features) lines.push(`Feature ${f.name}: ${f.offered ? 'yes' : 'no'}`);
  for (const l of facts.limits) lines.push(`Limit ${l.name}: ${limitText(l.name, l.adapter)}`);
  lines.push(`Test kernel: ${kernelLine(facts.kernel)}`);
  for (const v of courseVerdicts(facts)) lines.push(`[${words(v.kind)}] ${v.part}: ${v.line}`);
  return lines.join('\n') + '\n';
}
