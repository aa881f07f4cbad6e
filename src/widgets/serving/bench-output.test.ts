import { describe, expect, it } from 'vitest';
import { parseBenchOutput, type BenchReading } from './bench-output';
import { TRTLLM_OUTPUT, VLLM_OUTPUT } from './testing/bench-texts';

/** The reading of a text that parses. */
function reading(text: string): BenchReading {
  const parsed = parseBenchOutput(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.reading;
}

describe('parseBenchOutput', () => {
  it('reads vllm bench serve: the three figures in seconds, concurrency, lengths from the totals', () => {
    const r = reading(VLLM_OUTPUT);
    expect(r).toMatchObject({
      tool: 'vllm',
      outputTokensPerSecond: 3999.51,
      concurrency: 64,
      requests: 640,
      inputTokens: 1024,
      outputTokens: 512,
      tensorParallel: null,
    });
    expect(r.ttftSeconds).toBeCloseTo(0.3124, 6);
    expect(r.tpotSeconds).toBeCloseTo(0.01527, 6);
    expect(r.notes).toEqual([
      'Input tokens per request: total input tokens over successful requests.',
      'Output tokens per request: total generated tokens over successful requests.',
    ]);
  });

  it('takes the lengths from a pasted command line before the totals', () => {
    const text = `vllm bench serve --model meta-llama/Llama-3.1-8B-Instruct --dataset-name random --random-input-len 1000 --random-output-len 500 --num-prompts 640\n${VLLM_OUTPUT}`;
    expect(reading(text)).toMatchObject({ inputTokens: 1000, outputTokens: 500 });
  });

  it('reads a run without a concurrency limit as as-many-as-fit, and says so', () => {
    const r = reading(VLLM_OUTPUT.replace(/^Maximum request concurrency:.*\n/m, ''));
    expect(r.concurrency).toBeNull();
    expect(r.notes.at(-1)).toMatch(/no limit/);
  });

  it('reads trtllm-bench throughput, with its lengths and TP size', () => {
    const r = reading(TRTLLM_OUTPUT);
    expect(r).toMatchObject({
      tool: 'trtllm',
      outputTokensPerSecond: 28_312,
      concurrency: null,
      requests: 3000,
      inputTokens: 128,
      outputTokens: 128,
      tensorParallel: 1,
    });
    expect(r.ttftSeconds).toBeCloseTo(4.1005, 6);
    expect(r.tpotSeconds).toBeCloseTo(0.03701, 6);
  });

  it('reads numbers with thousands separators and lines in a table', () => {
    const r = reading(
      '| Output token throughput (tok/s): | 12,345.6 |\n| Mean TTFT (ms): | 1,000 |\n| Mean TPOT (ms): | 20 |',
    );
    expect(r.outputTokensPerSecond).toBe(12_345.6);
    expect(r.ttftSeconds).toBe(1);
  });

  it('names every line that is missing from partial output', () => {
    const partial = VLLM_OUTPUT.replace(/^Mean TPOT.*\n/m, '').replace(/^Mean TTFT.*\n/m, '');
    const parsed = parseBenchOutput(partial);
    expect(parsed).toEqual({
      ok: false,
      message:
        'This looks like vllm bench serve output, but lines are missing or unreadable: "Mean TTFT (ms):", "Mean TPOT (ms):". Paste the whole result block.',
      missing: ['Mean TTFT (ms)', 'Mean TPOT (ms)'],
    });
    const trt = parseBenchOutput(TRTLLM_OUTPUT.replace(/^Total Output Throughput.*\n/m, ''));
    expect(trt.ok).toBe(false);
    expect(!trt.ok && trt.message).toMatch(
      /^This looks like trtllm-bench throughput output, but a line is missing or unreadable: "Total Output Throughput \(tokens\/sec\):"/,
    );
  });

  it('says when the text is not benchmark output at all, or is empty', () => {
    const other = parseBenchOutput('LlamaForCausalLM(\n  (model): LlamaModel(\n)');
    expect(other.ok).toBe(false);
    expect(!other.ok && other.message).toMatch(
      /^This does not look like the output of vllm bench serve/,
    );
    const empty = parseBenchOutput('   ');
    expect(!empty.ok && empty.message).toMatch(/^Nothing pasted yet/);
    const broken = parseBenchOutput(
      'Output token throughput (tok/s): 0\nMean TTFT (ms): 1\nMean TPOT (ms): x',
    );
    expect(!broken.ok && broken.missing).toEqual([
      'Output token throughput (tok/s)',
      'Mean TPOT (ms)',
    ]);
  });
});
