/** Test helper: runs lines in a session and returns the last result, failing loudly on surprises. */
import { runLine, type RunResult } from '../interpreter';
import { TorchSession, type SessionOptions } from '../session';

/** A session with `import torch` (and nn) already run. */
export async function sessionWithTorch(options: SessionOptions = {}): Promise<TorchSession> {
  const session = new TorchSession(options);
  await runLine(session, 'import torch; import torch.nn as nn');
  return session;
}

/** Runs every line; throws if any line but the last raised. Returns the last result. */
export async function run(session: TorchSession, ...lines: string[]): Promise<RunResult> {
  let last: RunResult | undefined;
  for (const [i, line] of lines.entries()) {
    last = await runLine(session, line);
    if (last.error && i < lines.length - 1) {
      throw new Error(`line ${i + 1} (${line}) raised ${last.error.display}`);
    }
  }
  if (!last) throw new Error('no lines');
  return last;
}

/** The output of the last line, joined with newlines. */
export async function outputOf(session: TorchSession, ...lines: string[]): Promise<string> {
  const result = await run(session, ...lines);
  if (result.error) throw new Error(`unexpected ${result.error.display}`);
  return result.output.join('\n');
}

/** The error line (`Type: message`) of the last line. */
export async function errorOf(session: TorchSession, ...lines: string[]): Promise<string> {
  const result = await run(session, ...lines);
  if (!result.error) throw new Error(`expected an error, got ${result.output.join(' / ')}`);
  return result.error.display;
}
