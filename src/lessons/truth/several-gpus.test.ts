/**
 * Lesson 7 (several GPUs) holds to what PyTorch does (issue 39): ZeroRedundancyOptimizer's traffic,
 * the FSDP2 import path and its version, MixedPrecisionPolicy against autocast, DDP's buffer
 * broadcast, what TORCH_DISTRIBUTED_DEBUG=INFO does, and reshard_after_forward's default.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { correctChoice, readLessonSource } from '../testing/lesson-source';

const FILE = '07-several-gpus.mdx';
const lesson = readLessonSource(FILE);
const raw = readFileSync(join(process.cwd(), 'content', FILE), 'utf8');

/** The prose from the first occurrence of `anchor` on, `length` characters of it. */
function proseFrom(anchor: string, length: number): string {
  const at = lesson.prose.indexOf(anchor);
  expect(at, `prose mentions ${anchor}`).toBeGreaterThanOrEqual(0);
  return lesson.prose.slice(at, at + length);
}

describe('lesson 7: ZeRO stage 1 and 2 traffic', () => {
  it('asks what ZeroRedundancyOptimizer beside DDP sends, and accepts half as much again', () => {
    const q = lesson.questions.get('several-gpus-zero1-traffic');
    expect(q).toBeDefined();
    expect(q!.attributes.question).toContain('ZeroRedundancyOptimizer');
    const right = correctChoice(q!);
    expect(right.text).toMatch(/half as much again/i);
    expect(right.explanation).toContain('3(N-1)/N');
    const same = q!.choices.find((c) => /^The same/.test(c.text));
    expect(same?.correct).toBe(false);
  });

  it('says the class keeps DDP all-reduce and adds a broadcast, about 3(N-1)/N per step', () => {
    const paragraph = proseFrom('Equal traffic is a property', 600);
    expect(paragraph).toContain('ZeroRedundancyOptimizer');
    expect(paragraph).toMatch(/all-reduces every gradient/);
    expect(paragraph).toMatch(/broadcasts/);
    expect(paragraph).toContain('3(N-1)/N');
  });
});

describe('lesson 7: the FSDP2 script', () => {
  const script = lesson.snippets.find((s) => s.title === 'train_fsdp.py');

  it('imports from the public path, and the text names 2.6 and the 2.4-2.5 path as older', () => {
    expect(script?.code).toContain(
      'from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard',
    );
    for (const s of lesson.snippets) expect(s.code).not.toContain('_composable');
    const intro = proseFrom('Its current form, FSDP2', 700);
    expect(intro).toContain('PyTorch 2.6');
    expect(intro).toMatch(/2\.4 and 2\.5[^.]*torch\.distributed\._composable\.fsdp/);
  });

  it('no longer calls the policy a replacement for autocast, and says how to combine them', () => {
    expect(raw).not.toMatch(/instead of autocast/i);
    // The text points at the script's own upcast of the loss: the script must keep it.
    expect(script?.code).toMatch(/loss = model\(x\)\.float\(\)/);
    const note = proseFrom('The policy is not autocast', 1800);
    expect(note).toContain('torch.autocast');
    expect(note).toContain('reduce_dtype');
    expect(note).toMatch(/layer_norm/);
  });

  it('gives reshard_after_forward its current default: None, True for blocks, False for the root', () => {
    expect(lesson.prose).not.toMatch(/The default, reshard_after_forward=True/);
    const settings = proseFrom('Two settings of fully_shard', 1000);
    expect(settings).toMatch(/argument is None/);
    expect(settings).toMatch(/False for the root/);
  });
});

describe('lesson 7: DDP details', () => {
  it('says DDP broadcasts buffers from rank 0 every forward by default', () => {
    const buffers = proseFrom('broadcast_buffers=True', 300);
    expect(buffers).toMatch(/process 0/);
    expect(buffers).toMatch(/every forward/);
  });

  it('does not present TORCH_DISTRIBUTED_DEBUG=INFO as a lighter form of the checks', () => {
    expect(lesson.prose).not.toMatch(/lighter INFO/);
    expect(proseFrom('TORCH_DISTRIBUTED_DEBUG=INFO', 80)).toMatch(/runs none of these checks/);
  });
});
