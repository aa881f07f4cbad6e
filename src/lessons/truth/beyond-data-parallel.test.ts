/**
 * Lesson 12 (beyond data parallel) holds to the cost engine and to its own arithmetic: the layout
 * it argues for Llama 3.1 70B on 64 H100s is the planner's first, by the margins it states over
 * the alternatives it names; every modeled figure (memory by part, step times, tokens per second,
 * MFU and HFU, collective times, bubbles) is recomputed from the engine's training-at-scale
 * model; the hand arithmetic from the model's sizes; each quick check's right answer is the one
 * recomputation gives; and the snippets use the current PyTorch names and are listed in
 * docs/device-runs.md with how to launch them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getGpu } from '../../engine/catalog';
import { TRAINING_CALIBRATION_CASES } from '../../engine/calibration';
import {
  decoderParams,
  getServingModel,
  limitOf,
  predictAllReduce,
  predictMultiNodeRing,
  predictParallelStep,
  rankLayouts,
  type ParallelSetup,
  type ParallelStepPrediction,
  type PlanBase,
  type RankedLayout,
} from '../../engine/models';
import { correctChoice, readLessonSource } from '../testing/lesson-source';
import { expectQuoted, lessonTruth } from '../testing/truth';

const FILE = '12-beyond-data-parallel.mdx';
const lesson = readLessonSource(FILE);
const { says, question } = lessonTruth(lesson);
const raw = readFileSync(join(process.cwd(), 'content', FILE), 'utf8');
const deviceRuns = readFileSync(join(process.cwd(), 'docs', 'device-runs.md'), 'utf8');

const GiB = 2 ** 30;
const llama70b = getServingModel('llama3.1-70b').spec;
const llama8b = getServingModel('llama3.1-8b').spec;

/** The lesson's cluster and run: 64 H100 SXM in nodes of 8, 8,192 tokens, 256 sequences a step. */
const BASE: PlanBase = {
  model: llama70b,
  gpu: 'h100-sxm',
  gpus: 64,
  gpusPerNode: 8,
  seq: 8192,
  globalBatch: 256,
};

interface Choice {
  tp?: number;
  cp?: number;
  pp?: number;
  microBatch?: number;
  checkpointing?: ParallelSetup['checkpointing'];
  sharding?: ParallelSetup['sharding'];
  extra?: Partial<ParallelSetup>;
}

/** A layout of the lesson's run, gradient accumulation filling the global batch. */
function setupOf(c: Choice, base: PlanBase = BASE): ParallelSetup {
  const tp = c.tp ?? 1;
  const cp = c.cp ?? 1;
  const pp = c.pp ?? 1;
  const microBatch = c.microBatch ?? 1;
  const dp = base.gpus / (tp * cp * pp);
  const { globalBatch, ...rest } = base;
  return {
    ...rest,
    tensorParallel: tp,
    contextParallel: cp,
    pipelineParallel: pp,
    microBatch,
    gradAccum: globalBatch / (dp * microBatch),
    sharding: c.sharding ?? 'zero3',
    checkpointing: c.checkpointing ?? 'none',
    ...c.extra,
  };
}

const predict = (c: Choice, base: PlanBase = BASE): ParallelStepPrediction =>
  predictParallelStep(setupOf(c, base));

const gib = (bytes: number) => (bytes / GiB).toFixed(1);
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
const same = (a: ParallelSetup, b: ParallelSetup) =>
  (
    ['tensorParallel', 'contextParallel', 'pipelineParallel', 'microBatch', 'gradAccum'] as const
  ).every((k) => a[k] === b[k]) &&
  a.sharding === b.sharding &&
  a.checkpointing === b.checkpointing;

describe('lesson 12: where data parallelism runs out', () => {
  const params = decoderParams(llama70b);
  const fsdpOnly = predict({ microBatch: 1 });

  it('counts 70.6 billion parameters, 1.13 TB of state, 16.4 GiB a GPU over 64', () => {
    expectQuoted(params / 1e9, 70.6, 0.1, 'parameters');
    says('70.6 billion parameters');
    expectQuoted((16 * params) / 1e12, 1.13, 0.01, 'state, TB');
    says('it is 1.13 TB');
    expectQuoted(fsdpOnly.memory.stateBytes / GiB, 16.4, 0.1, 'state per GPU');
    expect(fsdpOnly.memory.stateBytes).toBeCloseTo((16 * params) / 64, 0);
    says('16.4 GiB each');
  });

  it('keeps about 145,000 values, 284 KiB, per token per layer: 177.5 GiB for one sequence', () => {
    const perTokenLayer = fsdpOnly.memory.activationBytes / (8192 * 80);
    expect(perTokenLayer).toBeCloseTo(290_816, 0);
    expect(raw).toContain('290{,}816');
    expectQuoted(perTokenLayer / 2, 145_000, 1000, 'values per token per layer');
    says('about 145,000 16-bit values, some 284 KiB per token per layer');
    expectQuoted(perTokenLayer / 1024, 284, 1, 'KiB per token per layer');
    expectQuoted(fsdpOnly.memory.activationBytes / GiB, 177.5, 0.1, 'one sequence');
    expect(raw).toContain('\\approx 177.5\\ \\text{GiB}');
  });

  it('puts the whole step at 207.9 GiB, and 199.7 GiB on 128 GPUs', () => {
    expect(fsdpOnly.fits).toBe(false);
    expectQuoted(fsdpOnly.bytesPerGpu / GiB, 207.9, 0.1, '64 GPUs');
    says('207.9 GiB per GPU');
    const doubled = predictParallelStep({
      ...setupOf({}),
      gpus: 128,
      gradAccum: 2,
    });
    expectQuoted(doubled.memory.stateBytes / GiB, 8.2, 0.1, 'state on 128');
    expectQuoted(doubled.bytesPerGpu / GiB, 199.7, 0.1, '128 GPUs');
    expect(doubled.fits).toBe(false);
    const q = question('beyond-more-gpus');
    expect(correctChoice(q).text).toMatch(/About 200 GiB/);
    expect(correctChoice(q).explanation).toContain('199.7 GiB');
    expect(correctChoice(q).explanation).toMatch(/16\.4 to 8\.2 GiB/);
  });
});

describe('lesson 12: tensor and sequence parallelism', () => {
  const bytes = 8192 * 8192 * 2;
  const nvlink = predictAllReduce({ bytes, gpus: 8, link: 'nvlink4' });
  const network = predictMultiNodeRing('all-reduce', {
    bytes,
    gpusPerNode: 1,
    nodes: 8,
    intraNodeLink: 'nvlink4',
    interNodeLink: 'ib-ndr',
    nicsPerNode: 1,
  });
  const tp8 = predict({ tp: 8 });

  it('prices a 128 MiB all-reduce at 0.82 ms on NVLink and 6.3 ms across eight nodes', () => {
    expect(bytes).toBe(128 * 2 ** 20);
    says('128 MiB per collective');
    expectQuoted(nvlink.seconds * 1e3, 0.82, 0.01, 'NVLink all-reduce');
    says('0.82 ms');
    expectQuoted(network.seconds * 1e3, 6.3, 0.1, 'InfiniBand all-reduce');
    says('takes 6.3 ms');
  });

  it('runs 320 of them per micro-batch: 0.26 s on NVLink beside 1.2 s of arithmetic, 2 s across nodes', () => {
    says('the 70B model runs 320 of them per micro-batch');
    expect(4 * llama70b.layers).toBe(320);
    const arithmetic = tp8.microBatch.forwardSeconds + tp8.microBatch.backwardSeconds;
    expectQuoted(arithmetic, 1.2, 0.1, 'TP 8 arithmetic per micro-batch');
    expectQuoted(tp8.microBatch.tensorParallelSeconds, 0.26, 0.01, 'TP 8 all-reduces');
    expect(tp8.microBatch.tensorParallelSeconds).toBeCloseTo(320 * nvlink.seconds, 6);
    expectQuoted(320 * network.seconds, 2, 0.5, 'the same across nodes');
    expect(320 * network.seconds).toBeGreaterThan(arithmetic);
    says('the 320 all-reduces add 0.26 s');
    says('they would add 2 s, more than the arithmetic itself');
  });

  it('refuses a tensor-parallel degree wider than a node', () => {
    expect(() => predict({ tp: 16 })).toThrow(/inside a node/);
    says('The cost engine refuses a tensor-parallel degree larger than the GPUs in one node.');
  });

  it('shows sequence parallelism cutting TP 8 activations from 131.9 to 44.4 GiB', () => {
    const withSp = predict({ tp: 8, microBatch: 2 });
    const withoutSp = predict({ tp: 8, microBatch: 2, extra: { sequenceParallel: false } });
    expectQuoted(withoutSp.memory.activationBytes / GiB, 131.9, 0.1, 'without SP');
    expectQuoted(withSp.memory.activationBytes / GiB, 44.4, 0.1, 'with SP');
    says(
      'each GPU keeps 131.9 GiB of activations without sequence parallelism and 44.4 GiB with it',
    );
  });

  it('has the tensor-parallel share grow from 8 % at degree 4 to 18 % at degree 8', () => {
    expect(limitOf(predict({ tp: 4 }))).toBe("tensor parallel's all-reduces: 8 % of the step");
    expect(limitOf(tp8)).toBe("tensor parallel's all-reduces: 18 % of the step");
    const q = question('beyond-tp-degree');
    expect(correctChoice(q).explanation).toContain('from 8 % of the step at degree 4 to 18 %');
    // A ring sends 2(t − 1)/t of the message: 1.5 at 4, 1.75 at 8, a sixth more.
    expect((2 * (7 / 8)) / (2 * (3 / 4))).toBeCloseTo(7 / 6, 12);
    expect(correctChoice(q).text).toMatch(/rise by a sixth/);
  });
});

describe('lesson 12: context parallelism', () => {
  const cp4 = predict({ cp: 4 });

  it('passes 4 KiB of keys and values per token, an 8 MiB block per ring step, and hides it', () => {
    const kvBytesPerToken = 2 * llama70b.kvHeads * 128 * 2;
    expect(kvBytesPerToken).toBe(4096);
    says('4 KiB per token in bf16');
    expect((8192 / 4) * kvBytesPerToken).toBe(8 * 2 ** 20);
    says('passes an 8 MiB block per step of the ring, three steps per layer');
    expect(cp4.microBatch.contextParallelSeconds).toBe(0);
    says('the exposed time of ring attention is zero');
    expectQuoted(cp4.memory.activationBytes / GiB, 44.4, 0.1, 'CP 4 activations');
  });

  it('has eight times the bytes per token for 64 key/value heads: 32 KiB', () => {
    expect(2 * 64 * 128 * 2).toBe(32 * 1024);
    const q = question('beyond-cp-heads');
    expect(correctChoice(q).text).toMatch(/Eight times/);
    expect(correctChoice(q).explanation).toContain('32 KiB per token in bf16 rather than 4');
  });
});

describe('lesson 12: pipelines', () => {
  const bubble = (p: number, m: number, v = 1) => (p - 1) / v / (m + (p - 1) / v);
  const pp4 = predict({ pp: 4, cp: 4 });
  const pp2 = predict({ pp: 2, cp: 4 });

  it('states the bubble as the engine computes it for 1F1B and GPipe', () => {
    expect(pp4.microBatches).toBe(64);
    expect(pp4.bubbleShare).toBeCloseTo(bubble(4, 64), 12);
    expectQuoted(pp4.bubbleShare * 100, 4.5, 0.1, 'PP 4 bubble');
    expect(predict({ pp: 4, cp: 4, extra: { pipelineSchedule: 'gpipe' } }).bubbleShare).toBeCloseTo(
      bubble(4, 64),
      12,
    );
    expectQuoted(bubble(4, 16) * 100, 16, 1, 'four stages, 16 micro-batches');
    says('about 16 %; 64 micro-batches bring it to 4.5 %');
  });

  it('halves it with two interleaved chunks: 2.3 %', () => {
    const interleaved = predict({ pp: 4, cp: 4, extra: { pipelineSchedule: 'interleaved' } });
    expect(interleaved.bubbleShare).toBeCloseTo(bubble(4, 64, 2), 12);
    expectQuoted(interleaved.bubbleShare * 100, 2.3, 0.1, 'interleaved bubble');
    says('it halves the bubble from 4.5 % to 2.3 %');
  });

  it('sends boundary activations in 1.4 ms per micro-batch against 1.2 s of arithmetic', () => {
    expectQuoted(pp2.microBatch.pipelineSendSeconds * 1e3, 1.4, 0.1, 'stage send');
    expectQuoted(
      pp2.microBatch.forwardSeconds + pp2.microBatch.backwardSeconds,
      1.2,
      0.1,
      'stage arithmetic',
    );
    says(
      "each stage boundary's sends take 1.4 ms per micro-batch at 2 stages, against 1.2 s of arithmetic",
    );
  });

  it('has GPipe need 734.6 GiB, while 1F1B keeps 44.4 GiB of activations at 1, 2 or 4 stages', () => {
    const gpipe = predict({ pp: 4, cp: 4, extra: { pipelineSchedule: 'gpipe' } });
    expect(gpipe.fits).toBe(false);
    expectQuoted(gpipe.bytesPerGpu / GiB, 734.6, 0.1, 'GPipe');
    says('the step would need 734.6 GiB per GPU');
    const cp4 = predict({ cp: 4 });
    for (const p of [cp4, pp2, pp4]) {
      expect(p.memory.activationBytes).toBeCloseTo(cp4.memory.activationBytes, 0);
    }
    const q = question('beyond-pipeline-memory');
    expect(correctChoice(q).text).toMatch(/stays about the same/);
    expect(correctChoice(q).explanation).toContain(
      '44.4 GiB of activations per GPU with 1, 2 or 4 stages',
    );
  });

  it('accepts 64 micro-batches as the fewest that take 8 stages under 10 %', () => {
    const q = question('beyond-bubble');
    expect(correctChoice(q).text).toBe('64');
    expect(bubble(8, 64)).toBeLessThan(0.1);
    for (const m of [16, 32]) expect(bubble(8, m)).toBeGreaterThan(0.1);
    expect(bubble(8, 8, 2)).toBeGreaterThan(0.1);
  });
});

describe('lesson 12: the mesh and HSDP', () => {
  it('puts consecutive ranks in the last dimension, as the accepted mesh does', () => {
    // Row-major: rank = row × columns + column, so a row is consecutive ranks (one node of 8).
    const rows = 4;
    const columns = 8;
    const lastDimGroup = Array.from({ length: columns }, (_, c) => 0 * columns + c);
    expect(lastDimGroup).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(Array.from({ length: rows }, (_, r) => r * columns)).toEqual([0, 8, 16, 24]);
    const q = question('beyond-mesh-order');
    expect(correctChoice(q).text).toBe(
      'init_device_mesh("cuda", (4, 8), mesh_dim_names=("dp", "tp"))',
    );
  });

  it('works out HSDP state: 131 GiB for the 70B in node groups, 15 against 1.9 GiB for the 8B', () => {
    const params70 = decoderParams(llama70b);
    expectQuoted((16 * params70) / 8 / GiB, 131, 1, '70B, groups of 8');
    says('a shard group of one node leaves each GPU 131 GiB of state');
    expect((16 * params70) / 8).toBeGreaterThan(getGpu('h100-sxm').memoryBytes.value);
    const params8 = decoderParams(llama8b);
    expectQuoted(params8 / 1e9, 8.03, 0.01, '8B parameters');
    expectQuoted((16 * params8) / 8 / GiB, 15, 0.5, '8B, groups of 8');
    expectQuoted((16 * params8) / 64 / GiB, 1.9, 0.1, '8B over 64');
    const q = question('beyond-hsdp');
    expect(correctChoice(q).text).toMatch(/About 15 GiB of state per GPU instead of 1\.9/);
  });
});

describe('lesson 12: checkpointing, MFU and HFU', () => {
  const full = predict({ checkpointing: 'full' });
  const selective = predict({ checkpointing: 'selective' });
  const winner = predict({ cp: 4 });

  it('keeps 16 KiB per token per layer under full checkpointing, about 18 times less', () => {
    expect(llama70b.hidden * 2).toBe(16 * 1024);
    expectQuoted(290_816 / (llama70b.hidden * 2), 18, 0.5, 'memory cut');
    says('16 KiB instead of 284 KiB');
  });

  it('brings 207.9 GiB to 42.7 with full checkpointing, 126.4 with selective', () => {
    expect(full.fits).toBe(true);
    expectQuoted(full.bytesPerGpu / GiB, 42.7, 0.1, 'full');
    expect(selective.fits).toBe(false);
    expectQuoted(selective.bytesPerGpu / GiB, 126.4, 0.1, 'selective');
    says("full checkpointing brings a GPU's memory from 207.9 to 42.7 GiB");
    says('selective leaves 126.4 GiB');
  });

  it('gives MFU 32.3 % and HFU 43.0 % with full checkpointing, 42.7 % both for the winner', () => {
    expectQuoted(full.mfu * 100, 32.3, 0.1, 'full MFU');
    expectQuoted(full.hfu * 100, 43.0, 0.1, 'full HFU');
    expectQuoted(winner.mfu * 100, 42.7, 0.1, 'winner MFU');
    expect(winner.hfu).toBe(winner.mfu);
    says('reaches an MFU of 32.3 % and an HFU of 43.0 %');
    says('the best layout, below, reaches 42.7 % and 42.7 %');
    const q = question('beyond-mfu-hfu');
    expect(correctChoice(q).text).toMatch(/About 32 %/);
    expect(correctChoice(q).explanation).toContain('32.3 % MFU against 43.0 % HFU');
  });

  it('counts MFU as 6N + 12·L·d·T FLOPs per token over the bf16 peak', () => {
    const flopsPerToken = 6 * decoderParams(llama70b) + 12 * 80 * 8192 * 8192;
    const peak = getGpu('h100-sxm').peakFlopsPerSecond['tensor-core'].bf16!.value;
    expect(winner.mfu).toBeCloseTo((winner.tokensPerSecondPerGpu * flopsPerToken) / peak, 12);
    expect(raw).toContain('$6N + 12 \\cdot L \\cdot d \\cdot T$');
  });
});

describe('lesson 12: the layout for Llama 3.1 70B on 64 H100s', () => {
  const ranked: RankedLayout[] = rankLayouts(BASE);
  const top = ranked[0]!;
  const claimed = setupOf({ cp: 4 });
  const rateOf = (c: Choice) => predict(c).tokensPerSecondPerGpu;
  const bestWhere = (keep: (s: ParallelSetup) => boolean) =>
    ranked.find((r) => r.prediction.fits && keep(r.setup))!;

  it('is the planner’s first: FSDP with context parallelism 4, micro-batch 1, no checkpointing', () => {
    expect(same(top.setup, claimed), JSON.stringify(top.setup)).toBe(true);
    expect(top.setup.gradAccum).toBe(16);
    expect(top.prediction.fits).toBe(true);
    expectQuoted(top.prediction.tokensPerSecondPerGpu, 866, 1, 'winner tokens/s');
    expect(top.limitedBy).toBe('arithmetic: every overhead under 2 % of the step');
    says(
      'FSDP over all 64 with context parallelism 4, micro-batch 1 and no checkpointing first: 866 tokens per second per GPU, 42.7 % MFU',
    );
  });

  it('ties it only with context parallelism 8 at two sequences per micro-batch', () => {
    const second = ranked[1]!;
    expect(same(second.setup, setupOf({ cp: 8, microBatch: 2 }))).toBe(true);
    expect(second.prediction.tokensPerSecondPerGpu).toBeCloseTo(
      top.prediction.tokensPerSecondPerGpu,
      6,
    );
    says('Context parallelism 8 with two sequences per micro-batch ties it exactly');
    const third = ranked[2]!;
    expect(third.setup.tensorParallel).toBe(2);
    expect(third.prediction.tokensPerSecondPerGpu).toBeLessThan(
      top.prediction.tokensPerSecondPerGpu * 0.99,
    );
  });

  it('leads TP 2 × CP 2 by 2.8 %, pure TP 8 by 20 % and full checkpointing alone by 32 %', () => {
    const winnerRate = top.prediction.tokensPerSecondPerGpu;
    const tp2cp2 = bestWhere(
      (s) => s.tensorParallel === 2 && s.contextParallel === 2 && s.pipelineParallel === 1,
    );
    expect(same(tp2cp2.setup, setupOf({ tp: 2, cp: 2 }))).toBe(true);
    expectQuoted(
      (winnerRate / tp2cp2.prediction.tokensPerSecondPerGpu - 1) * 100,
      2.8,
      0.1,
      'over TP 2 × CP 2',
    );
    const tp8 = bestWhere(
      (s) => s.tensorParallel === 8 && s.contextParallel === 1 && s.pipelineParallel === 1,
    );
    expect(same(tp8.setup, setupOf({ tp: 8, microBatch: 2 }))).toBe(true);
    expectQuoted((winnerRate / tp8.prediction.tokensPerSecondPerGpu - 1) * 100, 20, 1, 'over TP 8');
    const alone = bestWhere(
      (s) => s.tensorParallel === 1 && s.contextParallel === 1 && s.pipelineParallel === 1,
    );
    expect(same(alone.setup, setupOf({ checkpointing: 'full' }))).toBe(true);
    expectQuoted(
      (winnerRate / alone.prediction.tokensPerSecondPerGpu - 1) * 100,
      32,
      1,
      'over full checkpointing',
    );
    says('The winner is 2.8 % ahead of the nearest real alternative, TP 2 × CP 2');
    says(
      '20 % ahead of pure tensor parallelism 8, and 32 % ahead of full checkpointing without any split',
    );
    // Every layout that fits and runs faster than TP 2 × CP 2 is the winner or its tie.
    for (const r of ranked.filter(
      (x) =>
        x.prediction.fits &&
        x.prediction.tokensPerSecondPerGpu > tp2cp2.prediction.tokensPerSecondPerGpu + 1e-6,
    )) {
      expect(r.prediction.tokensPerSecondPerGpu).toBeCloseTo(winnerRate, 6);
    }
    expect(rateOf({ cp: 4 })).toBe(winnerRate);
  });

  it('prints the table’s rows as the engine predicts them', () => {
    const overhead = (p: ParallelStepPrediction) => {
      const text = limitOf(p);
      const share = / (\d+) % of the step$/.exec(text)?.[1];
      if (text.startsWith('arithmetic')) return 'none over 2 %';
      if (text.startsWith('recomputation')) return `recomputation, ${share} %`;
      if (text.startsWith('tensor parallel')) return `TP all-reduces, ${share} %`;
      if (text.startsWith('the pipeline bubble')) return `pipeline bubble, ${share} %`;
      return text;
    };
    const rows: Array<[string, Choice]> = [
      ['FSDP only', { checkpointing: 'none' }],
      ['FSDP only', { checkpointing: 'selective' }],
      ['FSDP only', { checkpointing: 'full' }],
      ['CP 2', { cp: 2, checkpointing: 'selective' }],
      ['**CP 4**', { cp: 4 }],
      ['TP 2 × CP 2', { tp: 2, cp: 2 }],
      ['TP 4', { tp: 4 }],
      ['TP 8', { tp: 8, microBatch: 2 }],
      ['PP 2 × CP 4', { pp: 2, cp: 4 }],
      ['PP 4 × CP 4', { pp: 4, cp: 4 }],
    ];
    for (const [label, choice] of rows) {
      const p = predict(choice);
      const bold = label.startsWith('**');
      const b = (s: string) => (bold ? `**${s}**` : s);
      const cells = p.fits
        ? [
            label,
            b(choice.checkpointing ?? 'none'),
            b(String(choice.microBatch ?? 1)),
            b(`${gib(p.bytesPerGpu)} GiB`),
            b(String(Math.round(p.tokensPerSecondPerGpu))),
            b(pct(p.mfu)),
            b(overhead(p)),
          ]
        : [
            label,
            choice.checkpointing ?? 'none',
            String(choice.microBatch ?? 1),
            `${gib(p.bytesPerGpu)} GiB`,
            'does not fit',
            '',
            '',
          ];
      const row = `| ${cells.join(' | ')} |`.replace(/ {2}\|/g, ' |');
      expect(raw, `table row ${label} ${choice.checkpointing ?? ''}`).toContain(row);
    }
  });

  it('describes the winner’s step: 37.8 s, 24.2 s of FSDP traffic hidden but 6 ms, memory by part', () => {
    const p = top.prediction;
    expectQuoted(p.seconds, 37.8, 0.1, 'step');
    expectQuoted(p.dataParallelSeconds, 24.2, 0.1, 'FSDP traffic');
    expectQuoted(p.exposedDataParallelSeconds * 1e3, 6, 1, 'exposed');
    says(
      'Its step takes 37.8 s. Its FSDP traffic, 24.2 s of gathers and reduce-scatters per step, hides behind 37.8 s of arithmetic except for 6 ms at the start.',
    );
    const m = p.memory;
    const parts = [
      m.stateBytes,
      m.gatheredWeightBytes,
      m.activationBytes,
      m.logitBytes,
      m.reserveBytes,
    ];
    expect(parts.map(gib)).toEqual(['16.4', '3.2', '44.4', '2.0', '3.0']);
    expect(gib(m.totalBytes)).toBe('68.9');
    says('Its 68.9 GiB per GPU are 16.4 of state, 3.2 of gathered weights');
    says('44.4 of activations, 2.0 of logits and 3.0 of reserve');
    expect(top.setup.gpus / (top.setup.contextParallel ?? 1)).toBe(16);
  });

  it('places the planner at that layout', () => {
    const tag = /<ParallelPlanner (model=[^/]*)\/>/.exec(raw)?.[1] ?? '';
    const prop = (name: string) => new RegExp(`\\b${name}=(?:"([^"]*)"|\\{(\\d+)\\})`).exec(tag);
    const value = (name: string) => {
      const m = prop(name);
      return m?.[1] ?? (m?.[2] === undefined ? undefined : Number(m[2]));
    };
    expect(value('model')).toBe('llama3.1-70b');
    expect(value('gpu')).toBe(BASE.gpu);
    expect(value('gpus')).toBe(BASE.gpus);
    expect(value('gpusPerNode')).toBe(BASE.gpusPerNode);
    expect(value('seq')).toBe(BASE.seq);
    expect(value('globalBatch')).toBe(BASE.globalBatch);
    expect(value('tensorParallel')).toBe(top.setup.tensorParallel);
    expect(value('contextParallel')).toBe(top.setup.contextParallel);
    expect(value('pipelineParallel')).toBe(top.setup.pipelineParallel);
    expect(value('sharding')).toBe(top.setup.sharding);
    expect(value('checkpointing')).toBe(top.setup.checkpointing);
    expect(value('microBatch')).toBe(top.setup.microBatch);
  });
});

describe('lesson 12: what changes the answer', () => {
  it('ranks plain FSDP first at 2,048 tokens (943), above the quick check’s other layouts', () => {
    const short: PlanBase = { ...BASE, seq: 2048, globalBatch: 1024 };
    const ranked = rankLayouts(short);
    const top = ranked[0]!;
    expect(same(top.setup, setupOf({}, short))).toBe(true);
    expectQuoted(top.prediction.tokensPerSecondPerGpu, 943, 1, '2,048 tokens');
    expect(raw).toContain(
      '| sequences of 2,048 tokens, 1,024 per step | FSDP only, micro-batch 1, no checkpointing | 943 |',
    );
    const fitting = ranked.filter((r) => r.prediction.fits);
    const best = (keep: (s: ParallelSetup) => boolean) =>
      fitting.find((r) => keep(r.setup))!.prediction.tokensPerSecondPerGpu;
    const rate = top.prediction.tokensPerSecondPerGpu;
    expect(
      best((s) => s.tensorParallel === 8 && s.contextParallel === 1 && s.pipelineParallel === 1),
    ).toBeLessThan(rate * 0.9);
    expect(
      best(
        (s) =>
          s.tensorParallel === 1 &&
          s.contextParallel === 1 &&
          s.pipelineParallel === 1 &&
          s.checkpointing === 'full',
      ),
    ).toBeLessThan(rate * 0.9);
    expect(
      best((s) => s.pipelineParallel === 4 && s.tensorParallel === 1 && s.contextParallel === 1),
    ).toBeLessThan(rate);
    const q = question('beyond-short-sequences');
    expect(correctChoice(q).text).toMatch(
      /^FSDP over all 64 GPUs, one sequence per micro-batch, no checkpointing/,
    );
    expect(correctChoice(q).explanation).toContain('943 tokens per second per GPU');
  });

  it('ranks TP 2 × CP 8 first at 32,768 tokens (638), and CP 8 alone needs checkpointing there', () => {
    const long: PlanBase = { ...BASE, seq: 32768, globalBatch: 64 };
    const top = rankLayouts(long)[0]!;
    expect(same(top.setup, setupOf({ tp: 2, cp: 8 }, long))).toBe(true);
    expectQuoted(top.prediction.tokensPerSecondPerGpu, 638, 1, '32,768 tokens');
    expect(raw).toContain(
      '| sequences of 32,768 tokens, 64 per step | TP 2 × CP 8, micro-batch 1, no checkpointing | 638 |',
    );
    expect(top.limitedBy).toBe("tensor parallel's all-reduces: 2 % of the step");
    expectQuoted(top.prediction.memory.activationBytes / GiB, 44.4, 0.1, 'TP 2 × CP 8 activations');
    const cp8 = predict({ cp: 8 }, long);
    expect(cp8.fits).toBe(false);
    expectQuoted(cp8.memory.activationBytes / GiB, 88.8, 0.1, 'CP 8 alone');
    const cp8sel = predict({ cp: 8, checkpointing: 'selective' }, long);
    expect(cp8sel.fits).toBe(true);
    expect(limitOf(cp8sel)).toBe('recomputation for checkpointing: 14 % of the step');
    says('Without tensor parallelism those 4,096 tokens keep 88.8 GiB and the step does not fit');
  });

  it('ranks TP 2 × CP 4 × PP 4 first on 32 GPUs (794)', () => {
    const fewer: PlanBase = { ...BASE, gpus: 32 };
    const top = rankLayouts(fewer)[0]!;
    expect(same(top.setup, setupOf({ tp: 2, cp: 4, pp: 4 }, fewer))).toBe(true);
    expectQuoted(top.prediction.tokensPerSecondPerGpu, 794, 1, '32 GPUs');
    says(
      "on 32 of these GPUs, the engine's best layout for the 70B run is TP 2 × CP 4 × PP 4, at 794 tokens per second per GPU",
    );
  });

  it('quotes the published runs beside the engine’s predictions for them', () => {
    const row = (pattern: RegExp) => TRAINING_CALIBRATION_CASES.find((c) => pattern.test(c.what))!;
    const l70 = row(/^Llama 3 70B, 64× a100-sxm-80gb/);
    expect(l70.measured).toBe(331);
    expectQuoted(l70.predict(), 308, 1, 'Llama 3 70B on A100');
    const l8 = row(/^Llama 3 8B, 64× a100-sxm-80gb/);
    expect(l8.measured).toBe(2904);
    expectQuoted(l8.predict(), 2930, 1, 'Llama 3 8B on A100');
    says('reached 331 tokens per second per GPU, where the engine predicts 308');
    says('reached 2,904, where it predicts 2,930');
    const mpt = row(/^MPT 70b, 64× h100-sxm, sequence 2048/);
    expect(mpt.measured).toBe(1039);
    expectQuoted(mpt.predict(), 757, 1, 'MPT 70B on H100');
    expectQuoted((1 - mpt.predict() / mpt.measured) * 100, 27, 1, 'MPT shortfall');
    says('lists 1,039 tokens per second per GPU, and the engine predicts 757, 27 % low');
  });
});

describe('lesson 12: the practice answers', () => {
  it('works the basic task as the engine and the formulas do', () => {
    const cp8 = predict({ cp: 8 });
    expectQuoted(cp8.memory.activationBytes / GiB, 22.2, 0.1, 'CP 8 activations');
    expectQuoted((1024 * 80 * 290_816) / GiB, 22.2, 0.1, 'by hand');
    expect(3 / 15).toBeCloseTo(0.2, 12);
    expectQuoted((1.5 / 13.5) * 100, 11, 1, 'interleaved');
    expect(4096 * 8192 * 2).toBe(64 * 2 ** 20);
    expect(2 * (3 / 4) * 64).toBe(96);
    expectQuoted((16 * decoderParams(llama70b)) / 16 / GiB, 65.7, 0.1, 'HSDP 16');
    says('about 65.7 GiB');
  });
});

describe('lesson 12: snippets in current PyTorch, waiting in docs/device-runs.md', () => {
  const titles = ['tp_mlp.py', 'pipeline.py', 'train_2d.py', 'checkpointing.py'];
  const code = (title: string) => lesson.snippets.find((s) => s.title === title)?.code ?? '';

  it('uses the public module paths', () => {
    expect(lesson.snippets.map((s) => s.title).filter((t) => t.endsWith('.py'))).toEqual(titles);
    for (const t of titles) {
      expect(code(t)).not.toMatch(/_composable|torch\.distributed\._tensor/);
    }
    expect(code('tp_mlp.py')).toContain(
      'from torch.distributed.device_mesh import init_device_mesh',
    );
    expect(code('tp_mlp.py')).toMatch(
      /from torch\.distributed\.tensor\.parallel import ColwiseParallel, RowwiseParallel, parallelize_module/,
    );
    expect(code('train_2d.py')).toContain('SequenceParallel');
    expect(code('train_2d.py')).toContain(
      'from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard',
    );
    expect(code('train_2d.py')).toContain('fully_shard(block, mesh=dp_mesh');
    expect(code('pipeline.py')).toContain(
      'from torch.distributed.pipelining import PipelineStage, Schedule1F1B, ScheduleGPipe',
    );
    expect(code('checkpointing.py')).toContain('create_selective_checkpoint_contexts');
  });

  it('lists every snippet with its launch command in the waiting section', () => {
    const at = deviceRuns.indexOf("## Waiting for GPUs: lesson 12's snippets");
    expect(at).toBeGreaterThanOrEqual(0);
    const section = deviceRuns.slice(at);
    for (const t of titles) expect(section).toContain(t);
    expect(section).toMatch(/torchrun --standalone --nproc_per_node=4 tp_mlp\.py/);
    expect(section).toMatch(/torchrun --standalone --nproc_per_node=8 train_2d\.py/);
    expect(section).toMatch(/SCHEDULE=gpipe torchrun --standalone --nproc_per_node=4 pipeline\.py/);
    expect(section).toMatch(/python3? checkpointing\.py/);
  });
});
