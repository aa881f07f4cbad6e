/**
 * Lessons 3, 5 and 9 hold to what PyTorch does (issue 39): `Module.to()` keeps the same Parameter
 * objects, so the optimizer-after-the-move habit is argued from the cases that need it; the
 * allocator variable's current name and its old one; a chunked cross-entropy that divides by the
 * targets that count, as `reduction="mean"` does; forkserver's pickling; the B200; the foreach
 * default beside `fused=True`; and automatic dynamic shapes capping shape-driven recompiles.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLessonSource, type LessonSource } from '../testing/lesson-source';

const devices = readLessonSource('03-devices-in-pytorch.mdx');
const memory = readLessonSource('05-gpu-memory.mdx');
const habits = readLessonSource('09-habits-and-pitfalls.mdx');

/** The prose from the first occurrence of `anchor` on, `length` characters of it. */
function proseFrom(lesson: LessonSource, anchor: string, length: number): string {
  const at = lesson.prose.indexOf(anchor);
  expect(at, `prose mentions ${anchor}`).toBeGreaterThanOrEqual(0);
  return lesson.prose.slice(at, at + length);
}

function snippet(lesson: LessonSource, title: string): string {
  const found = lesson.snippets.find((s) => s.title === title);
  expect(found, `snippet "${title}"`).toBeDefined();
  return found!.code;
}

/** The raw MDX, for the annotations beside a snippet (the reader leaves them out). */
const raw = (file: string) => readFileSync(join(process.cwd(), 'content', file), 'utf8');

describe('lesson 3: why the optimizer is built after model.to()', () => {
  const paragraph = () => proseFrom(devices, 'because the move happens in place', 1500);

  it('says the move keeps the same Parameter objects, so an optimizer built before it still works', () => {
    expect(paragraph()).toMatch(/same Python object/);
    expect(paragraph()).toMatch(/built before the move still updates the moved weights/);
    expect(devices.prose).not.toMatch(/so that the optimizer holds the parameters that will/);
  });

  it('names the cases that break the other order', () => {
    expect(paragraph()).toMatch(/Adagrad/);
    expect(paragraph()).toMatch(/load_state_dict/);
    expect(paragraph()).toMatch(/FSDP/);
    expect(paragraph()).toContain(
      'torch.__future__.set_overwrite_module_params_on_conversion(True)',
    );
  });

  it('lesson 9 gives the same reason beside its loop, not the imprecise one', () => {
    const source = raw('09-habits-and-pitfalls.mdx');
    expect(source).not.toMatch(/so the optimizer holds the parameters that will be trained/);
    expect(source).toMatch(/The move keeps the same Parameter objects/);
  });
});

describe('lesson 5: the allocator variable', () => {
  const paragraph = () => proseFrom(memory, 'PYTORCH_ALLOC_CONF=expandable_segments:True', 700);

  it('gives PYTORCH_ALLOC_CONF as the current name, with the release it arrived in', () => {
    expect(paragraph()).toMatch(/current name, read from about PyTorch 2\.9/);
  });

  it('names PYTORCH_CUDA_ALLOC_CONF only as the old name older releases read', () => {
    expect(paragraph()).toMatch(/Older releases read only the old name, `?PYTORCH_CUDA_ALLOC_CONF/);
    const uses = memory.prose.match(/PYTORCH_CUDA_ALLOC_CONF/g) ?? [];
    expect(uses).toHaveLength(1);
    for (const s of memory.snippets.filter((s) => s.lang === 'python')) {
      expect(s.code).not.toContain('PYTORCH_CUDA_ALLOC_CONF');
    }
  });

  it('quotes the out-of-memory message as a current release prints it, with the new name', () => {
    const oom = memory.snippets.filter((s) => s.code.includes('torch.OutOfMemoryError'));
    expect(oom.length).toBeGreaterThan(0);
    for (const s of oom)
      expect(s.code).toContain('try setting PYTORCH_ALLOC_CONF=expandable_segments:True');
  });
});

describe('lesson 5: the chunked cross-entropy matches reduction="mean"', () => {
  const code = () => snippet(memory, 'A chunked cross-entropy');

  it('sums each slice with the same ignore_index the mean would skip', () => {
    expect(code()).toMatch(/F\.cross_entropy\(.*, ignore_index=ignore_index, reduction="sum"\)/);
    expect(code()).toMatch(/checkpoint\(slice_loss, h, t, head_weight, ignore_index,/);
  });

  it('divides by the number of targets that are not ignore_index, not by all of them', () => {
    expect(code()).toMatch(/return total \/ \(targets != ignore_index\)\.sum\(\)/);
    expect(code()).not.toMatch(/targets\.numel\(\)/);
  });

  it('compares against the plain mean on targets that include ignored positions', () => {
    expect(code()).toMatch(/targets\[:, \d+:\] = -100/);
    expect(code()).toMatch(/plain = F\.cross_entropy\(/);
  });

  it('says in the text what the divisor is', () => {
    expect(memory.prose).toMatch(/divides the total by the number of targets that are not ignored/);
  });
});

describe('lesson 9: DataLoader start methods', () => {
  const paragraph = () => proseFrom(habits, 'Guard the entry point.', 1800);

  it('says forkserver, like spawn, pickles the dataset and collate_fn', () => {
    expect(paragraph()).toMatch(/Spawn and forkserver share a second rule/);
    expect(paragraph()).toMatch(/dataset, its `?collate_fn`?/);
    expect(paragraph()).toMatch(/picklable/);
    expect(paragraph()).toMatch(/multiprocessing_context="forkserver"/);
  });
});

describe('lesson 9: hardware and kernels', () => {
  it('does not call the H200 the fastest card, and knows the B200', () => {
    expect(habits.prose).not.toMatch(/fastest card of its day/);
    expect(proseFrom(habits, 'A Hugging Face BERT-base step on an H200', 400)).toMatch(/B200/);
  });

  it('says the CUDA default is already foreach, and what fused=True adds', () => {
    const fix = proseFrom(habits, 'For the optimizer step', 500);
    expect(fix).toMatch(/default to their \*?foreach\*? implementation/);
    expect(fix).toMatch(/`?fused=True`? .*in a single kernel/);
    expect(habits.prose).not.toMatch(/replaces its per-tensor loop/);
  });
});

describe('lesson 9: recompiles under automatic dynamic shapes', () => {
  const evidence = () => proseFrom(habits, 'a call that breaks one makes compile run again', 1000);

  it('says a changing size makes the dimension dynamic instead of recompiling every time', () => {
    expect(evidence()).toMatch(/does not recompile every time/);
    expect(evidence()).toMatch(/automatic dynamic shapes/);
    expect(evidence()).toMatch(/recompile_limit/);
  });

  it('gives the fixed-shape advice with the setting that keeps graphs fixed', () => {
    const fix = proseFrom(habits, 'For recompiles, read the failed guard', 800);
    expect(fix).toMatch(/one recompile, after which that dimension is dynamic/);
    expect(fix).toMatch(/dynamic=False/);
    expect(fix).toMatch(/mark_dynamic/);
  });
});
