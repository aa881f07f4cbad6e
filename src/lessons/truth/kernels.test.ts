/**
 * Lesson 13 (kernels) holds to the cost engine, to the catalog and to its own arithmetic: every
 * modeled figure it quotes (the softmax's time fused and unfused on an H100 SXM, the achievable
 * share of bandwidth, the ridge, a bf16 matmul's time) is recomputed from the engine; the
 * hardware it reasons with (threads and shared memory per SM) comes from the catalog; the
 * occupancy, grid and index arithmetic is redone here; each quick check's right answer is the one
 * that arithmetic gives; the generated kernel is quoted exactly as its published source has it,
 * with the source named; the widget tags carry the props the widget reads; and the snippets use
 * the current Triton and PyTorch names and wait in docs/device-runs.md with how to run them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getGpu, SM_ANATOMY } from '../../engine/catalog';
import {
  achievableMemoryBytesPerSecond,
  elementwiseDescriptor,
  matmulDescriptor,
  predictKernel,
  ridgeIntensity,
  type KernelDescriptor,
} from '../../engine/models';
import { correctChoice, readLessonSource } from '../testing/lesson-source';
import { expectQuoted, lessonTruth } from '../testing/truth';

const FILE = '13-kernels.mdx';
const lesson = readLessonSource(FILE);
const { says, question } = lessonTruth(lesson);
const raw = readFileSync(join(process.cwd(), 'content', FILE), 'utf8');
const deviceRuns = readFileSync(join(process.cwd(), 'docs', 'device-runs.md'), 'utf8');
const knowledgeCheck = readFileSync(
  join(process.cwd(), 'content', 'checks', 'knowledge-check.mdx'),
  'utf8',
);

const KiB = 1024;
const MiB = 1024 * KiB;

const cdiv = (a: number, b: number) => Math.ceil(a / b);

/** Shared memory of a tl.dot program by the lesson's estimate: both operand tiles, per stage. */
const dotSharedBytes = (bm: number, bn: number, bk: number, stages: number, bytes: number) =>
  (bm + bn) * bk * stages * bytes;

const h100 = getGpu('h100-sxm');
const warpsPerSm = h100.maxThreadsPerSm.value / 32;
const smShared = SM_ANATOMY['h100-sxm'].maxSharedBytes!.value;

/** Theoretical occupancy of a tl.dot kernel on an H100 SM, limited by shared memory and threads. */
function dotOccupancy(sharedPerProgram: number, numWarps: number) {
  const byShared = Math.floor(smShared / sharedPerProgram);
  const byThreads = Math.floor(warpsPerSm / numWarps);
  const programs = Math.min(byShared, byThreads, h100.maxBlocksPerSm.value);
  return { programs, warps: programs * numWarps, share: (programs * numWarps) / warpsPerSm };
}

describe('lesson 13: programs, threads and the grid', () => {
  it('runs a program as num_warps × 32 threads: 128 threads with 8 values each at 4 warps', () => {
    const threads = 4 * 32;
    expect(threads).toBe(128);
    expect(1024 / threads).toBe(8);
    const q = question('kernels-threads-per-program');
    expect(correctChoice(q).text).toBe('128 threads, 8 values each');
    expect(1024 - 1000).toBe(24);
    expect(correctChoice(q).explanation).toContain('The 24 lanes past the row');
  });

  it('launches cdiv(xnumel, XBLOCK) programs and masks the rest of the last one', () => {
    const programs = cdiv(1_000_000, 1024);
    const real = 1_000_000 - (programs - 1) * 1024;
    expect([programs, (programs - 1) * 1024, real, 1024 - real]).toEqual([977, 999_424, 576, 448]);
    expect(correctChoice(question('kernels-grid-programs')).text).toBe(
      '977 programs; 448 lanes of the last are masked.',
    );
    // The practice task: xnumel 3,000 with XBLOCK 512.
    const p = cdiv(3000, 512);
    expect([p, (p - 1) * 512, 3000 - (p - 1) * 512, 512 - (3000 - (p - 1) * 512)]).toEqual([
      6, 2560, 440, 72,
    ]);
    expect(raw).toContain(
      '$\\lceil 3{,}000 / 512 \\rceil = 6$ programs; the last starts at 2,560 and holds 440 real elements, so 72 lanes are masked.',
    );
    // A grid of 4,096 programs of 4 warps.
    expect(4096 * 4 * 32).toBe(524_288);
    expect(raw).toContain('4,096 CTAs of 4 × 32 = 128 threads: 524,288 threads.');
  });

  it('gives the knowledge check 1,024 blocks of 256 threads for a grid of 1,024 at 8 warps', () => {
    expect(8 * 32).toBe(256);
    expect(1024 * 256).toBe(262_144);
    expect(knowledgeCheck).toContain('1,024 thread blocks of 256 threads each');
    expect(knowledgeCheck).toContain('so 262,144 threads in all');
    expect(knowledgeCheck).toContain('teaches="kernels/a-program-is-a-cta"');
    expect(knowledgeCheck).toContain('teaches="kernels/throughput-against-the-roofline"');
  });
});

describe('lesson 13: shared memory, num_stages and occupancy on an H100', () => {
  it('takes 64 warps and 228 KiB of shared memory per SM from the catalog', () => {
    expect(warpsPerSm).toBe(64);
    expect(smShared).toBe(228 * KiB);
    says('whose SM offers up to 228 KiB of shared memory to the CTAs on it');
    expect(raw).toContain(
      '<CatalogValue of="h100-sxm" figure="maxThreadsPerSm" /> threads, 64 warps',
    );
  });

  it('needs 96 KiB per program at 3 stages: two programs, 16 warps, 25 %', () => {
    const shared = dotSharedBytes(128, 128, 64, 3, 2);
    expect(shared).toBe(96 * KiB);
    expect(raw).toContain(
      '$(128 + 128) \\times 64 \\times 3 \\times 2$ bytes = 96 KiB per program',
    );
    const occ = dotOccupancy(shared, 8);
    expect(occ).toEqual({ programs: 2, warps: 16, share: 0.25 });
    says('Two programs fit on an SM, a third does not');
    says('16 resident warps out of 64: a **theoretical occupancy** of 25 %'.replace(/\*\*/g, ''));
  });

  it('halves it at 4 stages: 128 KiB, one program, 8 warps', () => {
    const shared = dotSharedBytes(128, 128, 64, 4, 2);
    expect(shared).toBe(128 * KiB);
    expect(dotOccupancy(shared, 8)).toEqual({ programs: 1, warps: 8, share: 0.125 });
    const q = question('kernels-stages-occupancy');
    expect(correctChoice(q).text).toMatch(/^It halves, from 16 resident warps to 8/);
    expect(correctChoice(q).explanation).toContain('= 128 KiB per program');
  });

  it('works the practice tile (64 × 256, 3 stages, 4 warps) and the script’s largest config', () => {
    const shared = dotSharedBytes(64, 256, 64, 3, 2);
    expect(shared).toBe(122_880);
    expect(shared / KiB).toBe(120);
    expect(2 * shared).toBeGreaterThan(smShared);
    expect(dotOccupancy(shared, 4)).toEqual({ programs: 1, warps: 4, share: 0.0625 });
    expect(raw).toContain('$(64 + 256) \\times 64 \\times 3 \\times 2 = 122{,}880$ bytes, 120 KiB');
    expect(raw).toContain('so 4 warps of 64: 6.25 %');
    const largest = dotSharedBytes(256, 128, 64, 4, 2);
    expect(largest / KiB).toBe(192);
    expect(largest).toBeLessThan(smShared);
    expect(raw).toContain('(256 + 128) × 64 × 4 × 2 bytes = 192 KiB of shared memory');
  });
});

describe('lesson 13: the softmax on the roofline, from the cost engine', () => {
  const ROWS = 32768;
  const COLS = 4096;
  const N = ROWS * COLS;
  /** The fused softmax: one read and one write of every fp32 value, about five FLOPs each. */
  const fused: KernelDescriptor = {
    name: 'fused softmax',
    kind: 'reduction',
    precision: 'fp32',
    bytesRead: 4 * N,
    bytesWritten: 4 * N,
    flops: 5 * N,
  };
  /** The same softmax as five PyTorch operations, each its own kernel. */
  const rowReduction = (name: string): KernelDescriptor => ({
    name,
    kind: 'reduction',
    precision: 'fp32',
    bytesRead: 4 * N,
    bytesWritten: 4 * ROWS,
    flops: N,
  });
  const rowBroadcast = (name: string): KernelDescriptor => ({
    name,
    kind: 'elementwise',
    precision: 'fp32',
    bytesRead: 4 * N + 4 * ROWS,
    bytesWritten: 4 * N,
    flops: N,
  });
  const unfused = [
    rowReduction('max'),
    rowBroadcast('subtract'),
    elementwiseDescriptor(N, 'fp32', 1),
    rowReduction('sum'),
    rowBroadcast('divide'),
  ];

  it('moves 512 MiB each way at 0.625 FLOPs per byte, about 35 times left of the ridge', () => {
    expect(4 * N).toBe(512 * MiB);
    says('512 MiB read and 512 MiB written');
    const p = predictKernel('h100-sxm', fused);
    expect(p.arithmeticIntensity).toBe(0.625);
    says('0.625 FLOPs per byte');
    expect(p.bound).toBe('memory');
    const ridge = ridgeIntensity('h100-sxm', 'elementwise', 'fp32');
    expectQuoted(ridge / 0.625, 35, 1, 'ridge over intensity');
    says('about 35 times further right');
    expect(raw).toContain(
      '<CatalogValue of="h100-sxm" figure="ridgeIntensity.elementwise.fp32" />',
    );
    expect(raw).toContain('<CatalogValue of="h100-sxm" figure="ridgeIntensity.matmul.bf16" />');
  });

  it('predicts 0.38 ms at the achievable bandwidth, 87 % of the datasheet’s', () => {
    const p = predictKernel('h100-sxm', fused);
    expectQuoted(p.seconds * 1e3, 0.38, 0.01, 'fused softmax ms');
    says('the engine predicts 0.38 ms on an H100 SXM');
    const share = achievableMemoryBytesPerSecond(h100) / h100.memoryBytesPerSecond.value;
    expectQuoted(share * 100, 87, 1, 'achievable share of bandwidth');
    says('87 % of the');
    says('it is a model, not a measurement');
    says('the cost engine predicts 0.38 ms for 1 GiB of traffic on an H100 SXM');
    expect(8 * N).toBe(1024 * MiB);
  });

  it('has the unfused five kernels move 4 times the bytes and take 1.51 ms, 4.0 times as long', () => {
    const bytes = (d: KernelDescriptor) => d.bytesRead + d.bytesWritten;
    const unfusedBytes = unfused.reduce((sum, d) => sum + bytes(d), 0);
    expectQuoted(unfusedBytes / bytes(fused), 4, 0.01, 'traffic ratio');
    const unfusedSeconds = unfused.reduce((s, d) => s + predictKernel('h100-sxm', d).seconds, 0);
    const fusedSeconds = predictKernel('h100-sxm', fused).seconds;
    expectQuoted(unfusedSeconds * 1e3, 1.51, 0.01, 'unfused ms');
    expectQuoted(unfusedSeconds / fusedSeconds, 4.0, 0.1, 'time ratio');
    const q = question('kernels-unfused-bytes');
    expect(correctChoice(q).text).toMatch(/^About 4 times/);
    expect(correctChoice(q).explanation).toContain('the engine predicts 1.51 ms against 0.38 ms');
    says('and the unfused version 4 times as long');
  });

  it('quotes a 4,096³ bf16 product at 0.18 ms from the engine', () => {
    const p = predictKernel('h100-sxm', matmulDescriptor(4096, 4096, 4096, 'bf16'));
    expectQuoted(p.seconds * 1e3, 0.18, 0.01, 'matmul ms');
    expect(p.bound).toBe('compute');
    says("in 0.18 ms; that is the engine's figure, not a measurement");
    expect(raw).toContain(
      '<CatalogValue of="h100-sxm" figure="achievableFlopsPerSecond.matmul.bf16" />',
    );
  });

  it('works the practice LayerNorm at 2 FLOPs per byte, memory bound on an H100', () => {
    expect(8 / 4).toBe(2);
    expect(2).toBeLessThan(ridgeIntensity('h100-sxm', 'elementwise', 'bf16'));
    expect(raw).toContain('8 FLOPs over 4 bytes per value: 2 FLOPs per byte');
  });
});

describe('lesson 13: the quick checks’ answers, recomputed', () => {
  it('has the masked 0.0 padding spoil only rows shorter than the block', () => {
    // Padding lanes hold 0 and add exp(0 - max) to the sum: nothing at full rows.
    const softmaxRow = (row: number[], block: number, other: number) => {
      const lanes = [...row, ...Array<number>(block - row.length).fill(other)];
      const max = Math.max(...lanes);
      const sum = lanes.reduce((s, v) => s + Math.exp(v - max), 0);
      return row.map((v) => Math.exp(v - max) / sum);
    };
    const exact = (row: number[]) => softmaxRow(row, row.length, -Infinity);
    const short = [-3, -2, -1];
    expect(Math.abs(softmaxRow(short, 4, 0)[2]! - exact(short)[2]!)).toBeGreaterThan(0.1);
    const big = [30, 31, 32];
    expect(Math.abs(softmaxRow(big, 4, 0)[2]! - exact(big)[2]!)).toBeLessThan(1e-12);
    const full = [-3, -2, -1, 0];
    expect(softmaxRow(full, 4, 0)).toEqual(exact(full));
    expect(correctChoice(question('kernels-other-zero')).text).toMatch(
      /^Every row shorter than the block/,
    );
  });

  it('reads a transposed view with stride(0) = 1 and stride(1) = 4,096', () => {
    // x = randn(1024, 4096).t(): shape (4096, 1024), strides (1, 4096).
    const strides = [1, 4096];
    expect(strides[0]).toBe(1);
    expect(correctChoice(question('kernels-strides')).explanation).toContain(
      'x.stride(0) is 1 and x.stride(1) is 4,096',
    );
  });

  it('tunes twice for two values of n_cols', () => {
    const shapes = [
      [8192, 4096],
      [4096, 4096],
      [8192, 1000],
      [8192, 4096],
    ];
    expect(new Set(shapes.map(([, cols]) => cols)).size).toBe(2);
    expect(correctChoice(question('kernels-autotune-key')).text).toBe(
      'Twice, once for each number of columns',
    );
  });

  it('finds the channel at (i // 16) % 4 for (4, 4, 4, 4) and at (i // 1024) % 64 for (8, 64, 32, 32)', () => {
    const channelOf = (shape: number[], i: number) => {
      const [, c, h, w] = shape as [number, number, number, number];
      return Math.floor(i / (h * w)) % c;
    };
    for (let i = 0; i < 256; i++) {
      expect(channelOf([4, 4, 4, 4], i)).toBe(Math.floor(i / 16) % 4);
    }
    for (const i of [0, 1023, 1024, 65_535, 65_536, 8 * 64 * 1024 - 1]) {
      expect(channelOf([8, 64, 32, 32], i)).toBe(Math.floor(i / 1024) % 64);
    }
    expect(correctChoice(question('kernels-channel-index')).text).toBe(
      'x1 = ((xindex // 1024) % 64)',
    );
  });

  it('puts the right answers at varied positions', () => {
    const positions = [...lesson.questions.values()].map((q) =>
      q.choices.findIndex((c) => c.correct),
    );
    expect(positions.length).toBeGreaterThanOrEqual(8);
    expect(positions.length).toBeLessThanOrEqual(12);
    expect(new Set(positions).size).toBeGreaterThanOrEqual(3);
    for (const q of lesson.questions.values()) {
      for (const c of q.choices) expect(c.explanation.length, q.id).toBeGreaterThan(20);
    }
  });
});

/**
 * The kernel quoted as machine output, exactly as the published file has it: PaliC/pytorch-jit-
 * paritybench, inductor_cache/en/cenv4nactpa6rhpimld45gxwnymxmsxhtdypbjmeqrbpt7sqbcbo.py at
 * commit 22f0e688992f217ec3748189dc7f4208c7ca05b5 (a torch.compile cache from an H100).
 */
const GENERATED_BODY = `@triton.jit
def triton_poi_fused_convolution_relu_0(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 256
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x3 = xindex
    x1 = ((xindex // 16) % 4)
    tmp0 = tl.load(in_out_ptr0 + (x3), xmask)
    tmp1 = tl.load(in_ptr0 + (x1), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp3 = tl.full([1], 0, tl.int32)
    tmp4 = triton_helpers.maximum(tmp3, tmp2)
    tl.store(in_out_ptr0 + (x3), tmp4, xmask)`;

const GENERATED_DECORATOR_START = `@triton_heuristics.pointwise(
    size_hints={'x': 256}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'xnumel': 'i32'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, warp_size=32),`;

const GENERATED_LAUNCH =
  'triton_poi_fused_convolution_relu_0.run(buf1, primals_2, 256, grid=grid(256), stream=stream0)';

describe('lesson 13: the generated kernel, quoted and named', () => {
  it('quotes the kernel, its decorator and its launch exactly', () => {
    expect(raw).toContain(GENERATED_BODY);
    expect(raw).toContain(GENERATED_DECORATOR_START);
    expect(raw).toContain(GENERATED_LAUNCH);
    expect(raw).toContain('bias=None)');
  });

  it('names its source and says it was not generated here', () => {
    says('PaliC/pytorch-jit-paritybench');
    expect(raw).toContain(
      '`inductor_cache/en/cenv4nactpa6rhpimld45gxwnymxmsxhtdypbjmeqrbpt7sqbcbo.py` (commit 22f0e68)',
    );
    says('The course has not yet generated it on its own GPU');
  });

  it('matches the H100 it claims: 132 SMs, compute capability 9.0, 2,048 threads per SM', () => {
    expect(h100.sms.value).toBe(132);
    expect(h100.maxThreadsPerSm.value).toBe(2048);
    expect(GENERATED_DECORATOR_START).toContain('multi_processor_count=132, cc=90');
    expect(GENERATED_DECORATOR_START).toContain('max_threads_per_multi_processor=2048');
    // 4 × 4 × 4 × 4 elements, contiguous NCHW strides (64, 16, 4, 1).
    expect(4 ** 4).toBe(256);
    expect(raw).toContain('assert_size_stride(buf0, (4, 4, 4, 4), (64, 16, 4, 1))');
  });
});

describe('lesson 13: widgets and links', () => {
  it('places the Triton kernel widget twice, with the props it reads', () => {
    expect(raw).toContain('<TritonKernel puzzle="fused-softmax" />');
    expect(raw).toContain('<TritonKernel instance="tune" puzzle="tiled-matmul" view="autotune" />');
  });

  it('links the Triton and WGSL puzzles and lessons 2 and 8', () => {
    expect(raw).toContain('](#/triton)');
    expect(raw).toContain('](#/triton/fused-softmax)');
    expect(raw).toContain('](#/triton/tiled-matmul)');
    expect(raw).toContain('](#/puzzles)');
    expect(raw).toContain('](#/puzzles/softmax)');
    expect(raw).toMatch(/\]\(#\/lesson\/inside-a-gpu\//);
    expect(raw).toMatch(/\]\(#\/lesson\/measuring\//);
  });
});

describe('lesson 13: snippets in current Triton and PyTorch, waiting in docs/device-runs.md', () => {
  const titles = ['matmul_autotune.py', 'see_inductor.py', 'relu_squared_op.py', 'row_softmax.py'];
  const code = (title: string) => lesson.snippets.find((s) => s.title === title)?.code ?? '';

  it('uses the current names', () => {
    expect(lesson.snippets.map((s) => s.title).filter((t) => t.endsWith('.py'))).toEqual(titles);
    for (const t of titles) {
      expect(code(t), t).toMatch(/^import /);
      expect(code(t), t).not.toContain('capture_triton');
    }
    expect(code('relu_squared_op.py')).toContain(
      'from torch.library import triton_op, wrap_triton',
    );
    expect(code('relu_squared_op.py')).toContain(
      '@triton_op("gpulab::relu_squared", mutates_args={})',
    );
    expect(code('relu_squared_op.py')).toContain('wrap_triton(relu_squared_kernel)[');
    expect(code('matmul_autotune.py')).toContain(
      '@triton.autotune(configs=CONFIGS, key=["M", "N", "K"])',
    );
    expect(code('matmul_autotune.py')).toMatch(
      /triton\.Config\(\{"BM": bm, "BN": bn, "BK": bk\}, num_warps=w, num_stages=s\)/,
    );
    expect(code('row_softmax.py')).toContain('triton.Config({}, num_warps=w)');
    expect(code('see_inductor.py')).toContain('torch._logging.set_logs(output_code=True)');
    // The Nsight Compute command names the softmax's kernel and its one-launch switch.
    expect(code('row_softmax.py')).toContain('def softmax_kernel(');
    expect(code('row_softmax.py')).toContain('os.environ.get("ONE_LAUNCH")');
    expect(raw).toContain(
      'ONE_LAUNCH=1 ncu --set full -k regex:softmax_kernel -c 1 -o softmax python row_softmax.py',
    );
  });

  it('lists every snippet and the kernel to re-record in the waiting section', () => {
    const at = deviceRuns.indexOf("## Waiting for a GPU: lesson 13's snippets");
    expect(at).toBeGreaterThanOrEqual(0);
    const next = deviceRuns.indexOf('\n## ', at + 1);
    const section = deviceRuns.slice(at, next < 0 ? undefined : next);
    for (const t of titles) expect(section).toContain(t);
    expect(section).toMatch(/python3? matmul_autotune\.py/);
    expect(section).toMatch(/python3? relu_squared_op\.py/);
    expect(section).toMatch(/ONE_LAUNCH=1 ncu /);
    expect(section).toContain('triton_poi_fused_convolution_relu_0');
    expect(section).toContain('scripts/device/lesson13/run.sh');
  });
});
