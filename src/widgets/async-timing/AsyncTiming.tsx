import { useId, type FormEvent } from 'react';
import { RunActivity, RunButtons, RunMessages } from '../../ui/RunControls';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { useController } from '../../ui/useController';
import { ClockTable } from './ClockTable';
import { AsyncTimingController, type AsyncTimingDeps, type TimingAdapter } from './controller';
import { AUTO_SIZES, SOFTWARE_MAX_SIZE } from './model';
import { SOFTWARE_ADAPTER_NOTE } from './reading';
import { RunTable } from './RunTable';
import { asyncTimingRunSummary } from './run-summary';
import { asyncTimingSchema, type SizeChoice } from './settings';
import { NumberSetting, SelectSetting } from '../../ui/field';
import { TwinCode } from './TwinCode';
import '../../ui/status.css';
import './async-timing.css';
import { asyncTimingFace } from './face';

/** Props of the demo: its dependencies, and settings a lesson may pass (checked, with notices). */
export interface AsyncTimingProps {
  deps: AsyncTimingDeps;
  /** Matrix size: 'auto', '128' … '2048'. */
  size?: unknown;
  /** Warm runs after the first (3-15). */
  warmRuns?: unknown;
  /** Name of this instance when the demo appears twice on a page (its URL prefix). */
  instance?: string;
}

/** The label of a size choice, short enough to show whole in a phone-wide select. */
function sizeLabel(choice: SizeChoice): string {
  if (choice === 'auto') {
    return `Auto: ${AUTO_SIZES.hardware}³ (${AUTO_SIZES.software}³ in software)`;
  }
  return `${choice} × ${choice} × ${choice}${Number(choice) > SOFTWARE_MAX_SIZE ? ' (GPUs only)' : ''}`;
}

/** What the adapter line says about timestamps. */
const TIMESTAMP_WORDS: Record<TimingAdapter['timestamps'], string> = {
  enabled: 'it offers GPU timestamps (timestamp-query).',
  'adapter-lacks':
    'it offers no GPU timestamps (no timestamp-query), so the third clock stays empty.',
  'device-lacks':
    'it offers GPU timestamps, but this page’s device was created without them, so the third clock stays empty.',
};

/**
 * The async timing demo: one matmul submitted again and again on the learner's GPU, each time
 * timed around the submit, until completion and by GPU timestamps; the first run against the
 * warm ones; and each clock's twin in PyTorch.
 */
export function AsyncTiming({ deps, instance, ...props }: AsyncTimingProps) {
  const [controller, state] = useController(() => new AsyncTimingController(deps));
  const settingsHandle = useWidgetState(asyncTimingSchema, props, instance ? { instance } : {});
  const { size, warmRuns } = settingsHandle.state;
  const id = useId();
  const running = state.status === 'running';
  const result = state.result;
  const run = (event: FormEvent) => {
    event.preventDefault();
    void controller.run(size, warmRuns);
  };

  return (
    <WidgetRoot
      widget={asyncTimingFace}
      status={state.status}
      settings={settingsHandle}
      runSummary={asyncTimingRunSummary(result)}
    >
      <p className="widget-intro">
        Submit a matrix product to your GPU and time it three ways: a clock around the submit call,
        a clock that waits until the work is done, and the GPU&apos;s own timestamps. The first run
        is kept apart from the warm runs that follow it.
      </p>
      <form className="at-controls" onSubmit={run} aria-label="Run the timing">
        <SelectSetting
          field={asyncTimingSchema.fields.size}
          className="at-field"
          id={`${id}-size`}
          value={size}
          disabled={running}
          text={sizeLabel}
          onValue={(choice) => settingsHandle.set({ size: choice })}
        />
        <NumberSetting
          field={asyncTimingSchema.fields.warmRuns}
          className="at-field"
          id={`${id}-runs`}
          value={warmRuns}
          disabled={running}
          onValue={(runs) => settingsHandle.set({ warmRuns: runs })}
        />
        <div className="at-actions">
          <RunButtons
            running={running}
            runLabel={result ? 'Run again' : 'Run on my GPU'}
            onCancel={() => controller.cancel()}
          />
        </div>
      </form>

      {state.unavailable ? (
        <p className="at-unavailable" data-unavailable>
          {state.unavailable}
        </p>
      ) : null}
      {state.adapter ? (
        <p className="at-adapter" data-adapter data-fallback={String(state.adapter.fallback)}>
          WebGPU adapter: {state.adapter.description}; {TIMESTAMP_WORDS[state.adapter.timestamps]}
        </p>
      ) : null}
      {state.adapter?.fallback ? (
        <p className="at-fallback" data-fallback-note>
          <span className="tag-measured">measured</span> {SOFTWARE_ADAPTER_NOTE}
        </p>
      ) : null}

      <RunActivity
        progress={
          state.progress && {
            ...state.progress,
            label: 'Runs done',
            text:
              state.progress.done === 0
                ? 'Compiling, allocating and submitting the first run…'
                : `Run ${state.progress.done} of ${state.progress.total} done`,
          }
        }
      />
      <RunMessages notice={state.notice} error={state.error} />

      {result ? (
        <>
          <ClockTable report={result.report} n={result.n} />
          <ul className="at-findings" data-findings aria-live="polite">
            {result.findings
              .filter((f) => f.text)
              .map((f) => (
                <li key={f.id} data-finding={f.id}>
                  {f.text}
                </li>
              ))}
          </ul>
          <p className="at-check" data-check>
            Output checked against the CPU: {result.checkText}.
          </p>
          <RunTable runs={result.report.runs} pending={false} />
        </>
      ) : state.live.length > 0 ? (
        <RunTable runs={state.live} pending />
      ) : null}

      <TwinCode report={result?.report ?? null} />
    </WidgetRoot>
  );
}
