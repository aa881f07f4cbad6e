/**
 * Runs one line of console input: parse, evaluate each statement, echo the value of an
 * expression statement as the Python REPL does, and free tensors nothing refers to any more.
 * It never throws: every failure comes back as a PyError in the result.
 */
import { asPyError, type PyError } from './errors';
import { Evaluator } from './evaluate';
import { MAX_OUTPUT_CHARS, repr } from './format-value';
import { parseLine } from './parser';
import type { TorchSession } from './session';
import type { TransferRecord } from './transfer-record';
import type { KernelLaunch } from './kernel-launch';

export { MAX_OUTPUT_CHARS } from './format-value';

/** What running a line produced. */
export interface RunResult {
  source: string;
  /** Lines printed by print() and the echoed value, in order. */
  output: string[];
  error: PyError | null;
  /** Host-device copies the line made. */
  transfers: TransferRecord[];
  /** CUDA kernels the line launched, modeled (and measured where computed on WebGPU). */
  launches: KernelLaunch[];
  /** Expressions evaluated (at most MAX_EVAL_STEPS). */
  steps: number;
}

/** `lines` cut to MAX_OUTPUT_CHARS in all, with a last line saying so when cut. */
function capOutput(lines: string[]): string[] {
  let total = 0;
  for (const [i, line] of lines.entries()) {
    total += line.length + 1;
    if (total > MAX_OUTPUT_CHARS) {
      const kept = lines.slice(0, i);
      const room = Math.max(0, line.length - (total - MAX_OUTPUT_CHARS));
      kept.push(
        line.slice(0, room),
        `... (output cut: this console shows at most ${MAX_OUTPUT_CHARS.toLocaleString('en-US')} characters per line run)`,
      );
      return kept;
    }
  }
  return lines;
}

/** Runs `source` (one line, statements separated by `;`) in `session`. */
export async function runLine(session: TorchSession, source: string): Promise<RunResult> {
  const output: string[] = [];
  session.transfers = [];
  session.launches = [];
  session.printed = [];
  let error: PyError | null = null;
  const evaluator = new Evaluator(session);
  try {
    const statements = parseLine(source);
    for (const statement of statements) {
      const value = await evaluator.exec(statement);
      output.push(...session.printed);
      session.printed = [];
      if (value && value.kind !== 'none') output.push(...repr(value).split('\n'));
      session.collectGarbage();
    }
  } catch (thrown) {
    output.push(...session.printed);
    error = asPyError(thrown);
    session.collectGarbage();
  }
  const { transfers, launches } = session;
  session.transfers = [];
  session.launches = [];
  session.printed = [];
  return {
    source,
    output: capOutput(output),
    error,
    transfers,
    launches,
    steps: evaluator.steps,
  };
}
