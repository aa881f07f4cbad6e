/**
 * Checks the trace reader against traces recorded on a GPU (scripts/device/record-traces.py):
 * reads each file of DIR/expected.json with the reader the widget uses and compares the kernels
 * per step (exactly), the GPU's busy share of the steps (within 2.5 points) and the verdict.
 *
 *   npm run -s check:traces -- DIR     (default: tests/fixtures/traces)
 *
 * Prints one line per file and exits non-zero when any differs.
 */
import { readFile } from 'node:fs/promises';
import { Blob as NodeBlob } from 'node:buffer';
import { dirname, resolve } from 'node:path';
import { buildTraceReport } from '../src/widgets/trace/analysis/report';
import { readTraceBlob } from '../src/widgets/trace/read/read-trace';

/** How far the busy share may differ, in points. */
export const BUSY_SHARE_TOLERANCE_POINTS = 2.5;

/** One recorded case as expected.json lists it. */
interface ExpectedCase {
  name: string;
  files: string[];
  verdict: string;
  kernelsPerStep: number;
  gpuBusyShare: number;
}

/** The comparison for one file. */
export interface TraceCheck {
  file: string;
  kernelsPerStep: { expected: number; read: number };
  busySharePercent: { expected: number; read: number };
  verdict: { expected: string; read: string };
  ok: boolean;
}

/** Reads every file of `dir`/expected.json and compares it with what was recorded. */
export async function checkTraceDir(dir: string): Promise<TraceCheck[]> {
  const manifest = resolve(dir, 'expected.json');
  const { cases } = JSON.parse(await readFile(manifest, 'utf8')) as { cases: ExpectedCase[] };
  const checks: TraceCheck[] = [];
  for (const expected of cases) {
    for (const file of expected.files) {
      const bytes = await readFile(resolve(dirname(manifest), file));
      const trace = await readTraceBlob(
        new NodeBlob([bytes]) as unknown as Blob,
        () => {},
        new AbortController().signal,
      );
      const report = buildTraceReport(trace);
      const stepUs = report.steps.reduce((sum, s) => sum + s.durationUs, 0);
      const busyUs = report.steps.reduce((sum, s) => sum + s.gpuBusyUs, 0);
      const read = {
        kernelsPerStep: report.kernelsPerStep,
        busy: stepUs > 0 ? (100 * busyUs) / stepUs : 0,
        verdict: report.verdict.kind,
      };
      const busyExpected = 100 * expected.gpuBusyShare;
      checks.push({
        file,
        kernelsPerStep: { expected: expected.kernelsPerStep, read: read.kernelsPerStep },
        busySharePercent: { expected: busyExpected, read: read.busy },
        verdict: { expected: expected.verdict, read: read.verdict },
        ok:
          Math.abs(read.kernelsPerStep - expected.kernelsPerStep) < 1e-9 &&
          Math.abs(read.busy - busyExpected) <= BUSY_SHARE_TOLERANCE_POINTS &&
          read.verdict === expected.verdict,
      });
    }
  }
  return checks;
}

async function main() {
  const dir = process.argv[2] ?? 'tests/fixtures/traces';
  const checks = await checkTraceDir(dir);
  for (const c of checks) {
    console.log(
      `${c.ok ? 'PASS' : 'FAIL'} ${c.file}: kernels/step ${c.kernelsPerStep.read} (recorded ${c.kernelsPerStep.expected}); ` +
        `GPU busy ${c.busySharePercent.read.toFixed(1)} % (recorded ${c.busySharePercent.expected.toFixed(1)} %, ±${BUSY_SHARE_TOLERANCE_POINTS}); ` +
        `verdict ${c.verdict.read} (expected ${c.verdict.expected})`,
    );
  }
  if (checks.some((c) => !c.ok)) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
