/**
 * Reading what a learner's own server printed: the result block of `vllm bench serve` (and of
 * vLLM's older `benchmark_serving.py`, which prints the same lines) or of `trtllm-bench
 * throughput`. The figures the widget sets beside its prediction are the output-token
 * throughput, the mean time to first token and the mean time per output token; the run's
 * concurrency, request count and input and output lengths are read where the text has them
 * (vLLM prints totals, from which the lengths per request follow; a pasted command line's
 * `--random-input-len` and `--max-concurrency` count too). Text that is not such output, or
 * lacks one of the three figures, gets a message naming what is missing. Pure.
 */

/** Which tool printed the text. */
export type BenchTool = 'vllm' | 'trtllm';

/** What a benchmark run measured, in seconds and tokens. */
export interface BenchReading {
  tool: BenchTool;
  outputTokensPerSecond: number;
  /** Mean time to first token. */
  ttftSeconds: number;
  /** Mean time per output token after the first. */
  tpotSeconds: number;
  /**
   * Most requests the client kept in flight (vLLM's `--max-concurrency`); for TensorRT-LLM,
   * the run's concurrency where it printed one. Null when the run set no limit.
   */
  concurrency: number | null;
  /** Requests that finished. */
  requests: number | null;
  /** Prompt tokens per request (a mean where the text gives totals). */
  inputTokens: number | null;
  /** Output tokens per request. */
  outputTokens: number | null;
  /** Tensor-parallel GPUs, where the text says (TensorRT-LLM's "TP Size"). */
  tensorParallel: number | null;
  /** How a figure was worked out, one sentence each. */
  notes: string[];
}

/** A reading, or why there is none. */
export type BenchParse =
  { ok: true; reading: BenchReading } | { ok: false; message: string; missing: string[] };

/** The longest text read. */
export const MAX_BENCH_CHARS = 200_000;

/** A number as the tools print it: `2446.15`, `1,234`, `1.5264E+15`. */
const NUMBER = String.raw`([-+]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?|[-+]?\.\d+)`;

/** The number after a label at the start of a line (`Mean TTFT (ms):   123.4`), if any. */
function figure(text: string, label: string): number | null {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  const match = new RegExp(`^[ \\t|]*${escaped}\\s*:?[\\s|]*${NUMBER}`, 'im').exec(text);
  if (!match?.[1]) return null;
  const value = Number(match[1].replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

/** The first of several labels found. */
function firstFigure(text: string, labels: readonly string[]): number | null {
  for (const label of labels) {
    const value = figure(text, label);
    if (value !== null) return value;
  }
  return null;
}

/** A command-line option's whole-number value (`--max-concurrency 64`, `--input-len=128`). */
function option(text: string, names: readonly string[]): number | null {
  for (const name of names) {
    const match = new RegExp(`--${name}[ =]+(\\d+)\\b`).exec(text);
    if (match?.[1]) return Number(match[1]);
  }
  return null;
}

/** A positive whole number, or null. */
const count = (value: number | null) =>
  value !== null && Number.isFinite(value) && value >= 1 ? Math.round(value) : null;

/** The labels each tool prints for the three figures the comparison needs. */
const LABELS = {
  vllm: {
    throughput: 'Output token throughput (tok/s)',
    ttft: 'Mean TTFT (ms)',
    tpot: 'Mean TPOT (ms)',
  },
  trtllm: {
    throughput: 'Total Output Throughput (tokens/sec)',
    ttft: 'Average time-to-first-token [TTFT] (ms)',
    tpot: 'Average time-per-output-token [TPOT] (ms)',
  },
} as const;

/** Which tool printed the text, by the labels only it prints; null when neither. */
function toolOf(text: string): BenchTool | null {
  const vllm = Object.values(LABELS.vllm).some((l) => figure(text, l) !== null);
  const trtllm =
    Object.values(LABELS.trtllm).some((l) => figure(text, l) !== null) ||
    /=\s*PERFORMANCE OVERVIEW/i.test(text);
  if (vllm) return 'vllm';
  if (trtllm) return 'trtllm';
  return null;
}

/** Reads the pasted output of `vllm bench serve` or `trtllm-bench throughput`. */
export function parseBenchOutput(text: string): BenchParse {
  if (typeof text !== 'string' || text.trim() === '') {
    return {
      ok: false,
      message:
        'Nothing pasted yet: paste the result block that vllm bench serve or trtllm-bench throughput prints.',
      missing: [],
    };
  }
  if (text.length > MAX_BENCH_CHARS) {
    return {
      ok: false,
      message: `The text is longer than ${MAX_BENCH_CHARS.toLocaleString('en-US')} characters: paste the result block only.`,
      missing: [],
    };
  }
  const tool = toolOf(text);
  if (tool === null) {
    return {
      ok: false,
      message:
        'This does not look like the output of vllm bench serve or trtllm-bench throughput: no line such as "Output token throughput (tok/s):" (vLLM) or "Total Output Throughput (tokens/sec):" (TensorRT-LLM) was found.',
      missing: [],
    };
  }
  const labels = LABELS[tool];
  const throughput = figure(text, labels.throughput);
  const ttftMs = figure(text, labels.ttft);
  const tpotMs = figure(text, labels.tpot);
  const missing = [
    throughput === null || throughput <= 0 ? labels.throughput : null,
    ttftMs === null || ttftMs < 0 ? labels.ttft : null,
    tpotMs === null || tpotMs < 0 ? labels.tpot : null,
  ].filter((m): m is (typeof labels)[keyof typeof labels] => m !== null);
  if (missing.length > 0 || throughput === null || ttftMs === null || tpotMs === null) {
    const name = tool === 'vllm' ? 'vllm bench serve' : 'trtllm-bench throughput';
    return {
      ok: false,
      message: `This looks like ${name} output, but ${missing.length === 1 ? 'a line is' : 'lines are'} missing or unreadable: ${missing.map((m) => `"${m}:"`).join(', ')}. Paste the whole result block.`,
      missing,
    };
  }
  const notes: string[] = [];
  const requests = count(
    tool === 'vllm'
      ? figure(text, 'Successful requests')
      : firstFigure(text, ['Number of requests', 'Total Requests']),
  );
  let inputTokens: number | null;
  let outputTokens: number | null;
  let concurrency: number | null;
  if (tool === 'vllm') {
    const totalIn = figure(text, 'Total input tokens');
    const totalOut = figure(text, 'Total generated tokens');
    inputTokens = count(option(text, ['random-input-len', 'input-len', 'sonnet-input-len']));
    outputTokens = count(option(text, ['random-output-len', 'output-len', 'sonnet-output-len']));
    if (inputTokens === null && requests !== null && totalIn !== null) {
      inputTokens = count(totalIn / requests);
      if (inputTokens !== null)
        notes.push('Input tokens per request: total input tokens over successful requests.');
    }
    if (outputTokens === null && requests !== null && totalOut !== null) {
      outputTokens = count(totalOut / requests);
      if (outputTokens !== null) {
        notes.push('Output tokens per request: total generated tokens over successful requests.');
      }
    }
    concurrency = count(
      figure(text, 'Maximum request concurrency') ?? option(text, ['max-concurrency']),
    );
    if (concurrency === null) {
      notes.push(
        'No "Maximum request concurrency:" line: the run set no limit and sent its requests as fast as it could, so the prediction keeps as many in flight as fit.',
      );
    }
  } else {
    inputTokens = count(firstFigure(text, ['Average Input Length (tokens)', 'Average ISL']));
    outputTokens = count(firstFigure(text, ['Average Output Length (tokens)', 'Average OSL']));
    concurrency = count(
      firstFigure(text, ['Max Concurrency', 'Concurrency']) ?? option(text, ['concurrency']),
    );
    if (concurrency === null) {
      notes.push(
        'No concurrency line: trtllm-bench throughput queues every request at once, so the prediction keeps as many in flight as fit.',
      );
    }
  }
  const tensorParallel = count(
    firstFigure(text, ['TP Size']) ?? option(text, ['tp', 'tensor-parallel-size', 'tp_size']),
  );
  return {
    ok: true,
    reading: {
      tool,
      outputTokensPerSecond: throughput,
      ttftSeconds: ttftMs / 1000,
      tpotSeconds: tpotMs / 1000,
      concurrency,
      requests,
      inputTokens,
      outputTokens,
      tensorParallel,
      notes,
    },
  };
}
