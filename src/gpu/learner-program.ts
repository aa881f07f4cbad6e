/**
 * Runs WGSL a learner wrote (the puzzles' kernels): compiled uncached with every compiler
 * message kept, built against an explicit bind group layout (so a binding the kernel does not
 * use is still accepted), run once with its buffers uploaded and read back as words, or timed
 * with the harness. Nothing here knows about puzzles; failures come back as typed values, and a
 * lost device as an Error from the run guard (the shared device is then replaced on next use).
 */
import { readBytes } from './buffers';
import type { GpuContext } from './device';
import { scoped } from './error-scopes';
import type { Grid3 } from './kernel-plan';
import { buildLearnerPipeline, compileLearnerShader, type ShaderMessage } from './pipelines';
import { withBatchTimer } from './timing/gpu-batch-timer';
import { withRun } from './with-run';
import { performanceClock, type Clock } from '../compute/timing/clock';
import { measureRuns, type MeasureOptions, type Measurement } from '../compute/timing/harness';

/** One binding of a learner's run (group 0). */
export interface LearnerBinding {
  binding: number;
  kind: 'uniform' | 'read-only-storage' | 'storage';
  /** Contents before the run; its size is the buffer's (at least 4 bytes). */
  data: Uint32Array;
  /** Read back after a run. */
  readBack: boolean;
}

/** What to dispatch, and with which buffers. */
export interface LearnerRun {
  bindings: readonly LearnerBinding[];
  workgroups: Grid3;
}

/** A learner's program: WGSL, its entry point, and the kinds of its bindings. */
export interface LearnerProgram {
  label: string;
  code: string;
  entryPoint: string;
  bindings: ReadonlyArray<Pick<LearnerBinding, 'binding' | 'kind'>>;
}

/** A built pipeline and its layout, ready to run. */
export interface LearnerPipeline {
  pipeline: GPUComputePipeline;
  layout: GPUBindGroupLayout;
}

/** A program built, or why not: the compiler's messages, or the pipeline's refusal. */
export type LearnerBuild =
  | { ok: true; built: LearnerPipeline; messages: ShaderMessage[] }
  | { ok: false; stage: 'compile'; messages: ShaderMessage[] }
  | { ok: false; stage: 'pipeline'; message: string };

/** Compiles the program and builds its pipeline against an explicit layout. Never throws for bad WGSL. */
export async function buildLearnerProgram(
  gpu: GpuContext,
  program: LearnerProgram,
): Promise<LearnerBuild> {
  const { device } = gpu;
  const shader = await compileLearnerShader(device, program.label, program.code);
  if (!shader.ok) return { ok: false, stage: 'compile', messages: shader.messages };
  const built = await buildLearnerPipeline(
    device,
    program.label,
    shader.module,
    program.bindings,
    program.entryPoint,
  );
  if (!built.ok) return { ok: false, stage: 'pipeline', message: built.message };
  const { pipeline, layout } = built;
  return { ok: true, built: { pipeline, layout }, messages: shader.messages };
}

/** Usage of a binding's buffer. */
function usageOf(kind: LearnerBinding['kind']): number {
  const copy = GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
  return (kind === 'uniform' ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE) | copy;
}

/** Options of a run or a measurement. */
export interface LearnerRunOptions {
  signal?: AbortSignal;
  /** The clock completion timing reads (tests inject one). */
  clock?: Clock;
  measure?: Omit<MeasureOptions, 'signal' | 'onProgress'>;
}

/**
 * Uploads the buffers, dispatches once, and reads back the bindings marked `readBack`, as words
 * by binding number. Rejects with the GPU's own message when WebGPU refuses the run.
 */
export function runLearnerProgram(
  gpu: GpuContext,
  built: LearnerPipeline,
  run: LearnerRun,
  options: LearnerRunOptions = {},
): Promise<Map<number, Uint32Array>> {
  const { device } = gpu;
  return withRun(gpu, options.signal, async (guard, buffers) => {
    const { value: buffersByBinding, error } = scoped(device, 'run your kernel', () => {
      const made = run.bindings.map((b) => ({
        spec: b,
        buffer: buffers.upload(`binding ${b.binding}`, new Uint32Array(b.data), usageOf(b.kind)),
      }));
      const group = device.createBindGroup({
        layout: built.layout,
        entries: made.map(({ spec, buffer }) => ({ binding: spec.binding, resource: { buffer } })),
      });
      const encoder = device.createCommandEncoder({ label: 'puzzle run' });
      const pass = encoder.beginComputePass();
      pass.setPipeline(built.pipeline);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(...run.workgroups);
      pass.end();
      device.queue.submit([encoder.finish()]);
      return made;
    });
    const problem = await guard.wait(error);
    if (problem) throw problem;
    const out = new Map<number, Uint32Array>();
    for (const { spec, buffer } of buffersByBinding) {
      if (!spec.readBack) continue;
      const bytes = await readBytes(device, guard.wait, buffer, spec.data.byteLength);
      out.set(spec.binding, new Uint32Array(bytes));
    }
    return out;
  });
}

/**
 * Times the program at one size with the harness (warm-up, batches of at least 10 ms, median),
 * by GPU timestamps where the device has them, else by completion on `clock`.
 */
export function measureLearnerProgram(
  gpu: GpuContext,
  built: LearnerPipeline,
  run: LearnerRun,
  options: LearnerRunOptions = {},
): Promise<Measurement> {
  const { device } = gpu;
  return withRun(gpu, options.signal, async (guard, buffers) => {
    const group = scoped(device, 'prepare your kernel for timing', () =>
      device.createBindGroup({
        layout: built.layout,
        entries: run.bindings.map((b) => ({
          binding: b.binding,
          resource: {
            buffer: buffers.upload(
              `binding ${b.binding}`,
              new Uint32Array(b.data),
              usageOf(b.kind),
            ),
          },
        })),
      }),
    );
    const problem = await guard.wait(group.error);
    if (problem) throw problem;
    await guard.wait(device.queue.onSubmittedWorkDone());
    return withBatchTimer(device, guard.wait, options.clock ?? performanceClock, (timer) =>
      measureRuns(
        (repeats) =>
          timer.time(`run your kernel ${repeats} time(s)`, (encoder, timestampWrites) => {
            const pass = encoder.beginComputePass(timestampWrites ? { timestampWrites } : {});
            pass.setPipeline(built.pipeline);
            pass.setBindGroup(0, group.value);
            for (let r = 0; r < repeats; r++) pass.dispatchWorkgroups(...run.workgroups);
            pass.end();
          }),
        { ...options.measure, ...(options.signal ? { signal: options.signal } : {}) },
      ),
    );
  });
}
