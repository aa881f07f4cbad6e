/**
 * Lesson 8 (measuring) holds to what the profiler and PyTorch do (issue 39): a long CPU time beside
 * little CUDA time can be a wait, so who sets the pace is judged from the trace's GPU idle gaps;
 * reduce-overhead's caveats (overwritten outputs, one recording per shape, a silent fallback);
 * device_time_total as the current spelling; nsys's capture range; and the minimum as an estimator.
 */
import { describe, expect, it } from 'vitest';
import { correctChoice, readLessonSource } from '../testing/lesson-source';

const lesson = readLessonSource('08-measuring.mdx');

/** The prose from the first occurrence of `anchor` on, `length` characters of it. */
function proseFrom(anchor: string, length: number): string {
  const at = lesson.prose.indexOf(anchor);
  expect(at, `prose mentions ${anchor}`).toBeGreaterThanOrEqual(0);
  return lesson.prose.slice(at, at + length);
}

const snippet = (title: string) => {
  const found = lesson.snippets.find((s) => s.title === title);
  expect(found, `snippet "${title}"`).toBeDefined();
  return found!;
};

describe('lesson 8: CPU time against CUDA time', () => {
  it('no longer says that CPU time above GPU time means the host sets the pace', () => {
    expect(lesson.prose).not.toMatch(
      /CPU time per step is larger than GPU time, the GPU is starved/,
    );
    expect(lesson.prose).toMatch(/CPU time is how long the operator took on the host/);
  });

  it('names the synchronising ops whose CPU time is a wait, and sends the reader to the GPU row', () => {
    const paragraph = proseFrom('The waiting is what makes the CPU column', 1400);
    for (const op of [
      'aten::item',
      'aten::_local_scalar_dense',
      'cudaStreamSynchronize',
      'cudaDeviceSynchronize',
    ]) {
      expect(paragraph).toContain(op);
    }
    expect(paragraph).toMatch(/two opposite things/);
    expect(paragraph).toMatch(/GPU row/);
    expect(paragraph).toMatch(/synchronising operators left out/);
  });

  it('asks about an aten::item wait and accepts the GPU as the slow side, not the host', () => {
    const q = lesson.questions.get('cy-measuring-profiler');
    expect(q).toBeDefined();
    expect(q!.attributes.question).toContain('aten::item');
    const right = correctChoice(q!);
    expect(right.text).toMatch(/^The GPU/);
    expect(right.text).toMatch(/gaps/);
    expect(right.explanation).toMatch(/blocks until every kernel queued/);
    const host = q!.choices.find((c) => /^The host/.test(c.text));
    expect(host?.correct).toBe(false);
  });

  it('recaps the rule as idle gaps on the GPU row, not a comparison of totals', () => {
    const recap = proseFrom('torch.profiler with a schedule records warmed-up steps', 500);
    expect(recap).not.toMatch(/compare CPU and GPU time/);
    expect(recap).toMatch(/idle gaps on the trace's GPU row/);
  });
});

describe('lesson 8: reduce-overhead caveats', () => {
  const list = () => proseFrom('three of its rules tend to surface only as surprises', 2600);

  it('quotes the overwritten-output error and gives both remedies', () => {
    const text = list();
    expect(text).toContain(
      'accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run',
    );
    expect(text).toMatch(/Clone what you keep/);
    expect(text).toContain('torch.compiler.cudagraph_mark_step_begin()');
  });

  it('says each input shape gets its own recording, dynamic=True included', () => {
    const text = list();
    expect(text).toMatch(/each new input shape is warmed up and recorded again/);
    expect(text).toMatch(/dynamic=True[^.]*does not change this/);
  });

  it('says what makes it skip CUDA graphs and how to see the log line', () => {
    const text = list();
    expect(text).toMatch(/CPU tensors/);
    expect(text).toMatch(/mutated input/);
    expect(text).toContain('skipping cudagraphs due to mutated inputs');
    expect(text).toContain('TORCH_LOGS="cudagraphs"');
  });

  it('has a snippet that clones the outputs it keeps and marks each step', () => {
    const code = snippet('Keeping the outputs of reduce-overhead').code;
    expect(code).toContain('mode="reduce-overhead"');
    expect(code).toContain('torch.compiler.cudagraph_mark_step_begin()');
    expect(code).toMatch(/kept\.append\(logits\.detach\(\)\.clone\(\)\)/);
  });
});

describe('lesson 8: smaller points', () => {
  it('sorts by device_time_total and names cuda_time_total only as the older spelling', () => {
    const code = snippet('Profiling a few warmed-up training steps').code;
    expect(code).toContain('sort_by="device_time_total"');
    for (const s of lesson.snippets) expect(s.code).not.toContain('cuda_time_total');
    const columns = proseFrom('The older spelling cuda_time_total is deprecated', 300);
    expect(columns).toMatch(/FutureWarning/);
    expect(lesson.prose).not.toMatch(/sort_by="cuda_time_total"/);
  });

  it('records only chosen steps under nsys with the cudaProfilerApi capture range', () => {
    const code = lesson.snippets.map((s) => s.code).join('\n');
    expect(code).toMatch(/nsys profile --capture-range=cudaProfilerApi --capture-range-end=stop/);
    const text = proseFrom('To keep only the steps you care about', 900);
    expect(text).toContain('torch.cuda.profiler.start()');
    expect(text).toContain('torch.cuda.profiler.stop()');
    expect(text).toContain('cudaProfilerStart');
  });

  it('offers the minimum for microbenchmarks beside the median, and the quiz no longer rejects it', () => {
    const text = proseFrom('The minimum is the other honest estimator', 800);
    expect(text).toMatch(/only ever adds time/);
    expect(text).toMatch(/microbenchmark/);
    expect(text).toMatch(/median when/);
    const q = lesson.questions.get('cy-measuring-first-call');
    expect(q).toBeDefined();
    for (const c of q!.choices) expect(c.explanation).not.toMatch(/fastest run hides/i);
  });
});
