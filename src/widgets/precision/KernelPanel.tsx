import { useId, useSyncExternalStore } from 'react';
import { RunButtons } from '../../ui/RunControls';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { formatGigaflopsPerSecond, formatSeconds } from '../../format/units';
import { KERNEL_SIZES, precisionSchema } from './settings';
import { FieldLabel } from '../../ui/field';
import type { KernelController, KernelResult } from './kernel-controller';
import { ScrollRegion } from '../../ui/ScrollRegion';
import '../../ui/data-table.css';

/** Props of the kernel part. */
export interface KernelPanelProps {
  controller: KernelController;
  size: (typeof KERNEL_SIZES)[number];
  onSize(size: (typeof KERNEL_SIZES)[number]): void;
}

/** An error as scientific text ("3.1e-3"); 0 stays "0". */
function scientific(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return x === 0 ? '0' : x.toExponential(2);
}

const TIMING: Record<string, string> = {
  'timestamp-query': 'GPU timestamps',
  completion: 'completion on the CPU clock',
};

function ResultRow({ result }: { result: KernelResult }) {
  return (
    <tr data-result={result.variant} data-verified={String(result.verified)}>
      <th scope="row">
        {result.variant === 'f16' ? 'f16 (inputs, products and sums)' : 'f32 twin (same inputs)'}
      </th>
      <td data-seconds={result.medianSeconds}>{formatSeconds(result.medianSeconds)}</td>
      <td>{formatGigaflopsPerSecond(result.flopsPerSecond)}</td>
      <td data-max-error={result.maxAbsError}>{scientific(result.maxAbsError)}</td>
      <td>{scientific(result.relativeError)}</td>
      <td>{result.verified ? `yes: ${result.checkText}` : `no: ${result.checkText}`}</td>
    </tr>
  );
}

/**
 * "Run it on my GPU": the same small matmul in f16 and in f32 on this device, each timed by the
 * harness and compared with the exact product computed in f64 on the CPU. Where the device has
 * no "shader-f16", says so and shows the f32 twin alone.
 */
export function KernelPanel({ controller, size, onSize }: KernelPanelProps) {
  const id = useId();
  const state = useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.getState(),
  );
  const running = state.status === 'running';
  const n = Number(size);
  return (
    <section
      className="precision-kernel"
      aria-label="f16 and f32 on your GPU"
      data-kernel-status={state.status}
    >
      <p>
        <span className="tag-measured">measured</span> A {n} × {n} matrix product run for real on
        this device through WebGPU: once with every input, product and running sum in f16 (WGSL{' '}
        <code>enable f16;</code>), once with the same inputs in f32. Both results are checked
        against the exact product computed in f64 on your CPU. Tensor cores multiply fp16 but add in
        fp32; this shader adds in f16 too, so its error is the worst case.
      </p>
      <div className="precision-kernel-controls">
        <FieldLabel field={precisionSchema.fields.kernelSize} htmlFor={`${id}-size`} />
        <select
          id={`${id}-size`}
          className="ui-field"
          value={size}
          disabled={running}
          onChange={(e) => onSize(e.target.value as (typeof KERNEL_SIZES)[number])}
        >
          {KERNEL_SIZES.map((s) => (
            <option key={s} value={s}>
              {`${s} × ${s}`}
            </option>
          ))}
        </select>
        <RunButtons
          running={running}
          runLabel={state.results.length > 0 ? 'Run again' : 'Run it on my GPU'}
          onRun={() => void controller.run(n)}
          runAction="run-kernel"
          onCancel={() => controller.cancel()}
        />
      </div>
      <div aria-live="polite" className="precision-kernel-status">
        {state.message ? (
          <p className={state.status === 'error' ? 'precision-input-error' : undefined}>
            {state.message}
          </p>
        ) : null}
        {state.adapter ? (
          <p data-adapter data-fallback={String(state.adapter.fallback)}>
            WebGPU adapter: {state.adapter.description}.{' '}
            {state.adapter.fallback ? (
              <strong>
                This is a software fallback: the &quot;GPU&quot; is your CPU running SwiftShader, so
                the times say nothing about a real GPU&apos;s f16 speed.
              </strong>
            ) : (
              'A real GPU: the times are this shader on your hardware, without tensor cores.'
            )}
          </p>
        ) : null}
        {state.f16 && !state.f16.available ? (
          <p className="precision-f16-absent" data-f16-absent>
            No f16 comparison: {state.f16.reason}
          </p>
        ) : null}
      </div>
      {state.results.length > 0 ? (
        <ScrollRegion className="precision-scroll" label="Measured results">
          <table className="ui-data-table precision-table" data-kernel-results>
            <caption>
              Measured on this device, median of timed batches (
              {TIMING[state.results[0]!.timing] ?? state.results[0]!.timing})
            </caption>
            <ColumnHeads
              names={[
                'Arithmetic',
                'Time per run',
                'Rate',
                'Largest error',
                'Error ÷ largest value',
                'Within its rounding bound',
              ]}
            />
            <tbody>
              {state.results.map((r) => (
                <ResultRow key={r.variant} result={r} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </section>
  );
}
