import { useEffect, useId, useState } from 'react';
import { PresetButtons } from '../../ui/PresetButtons';
import { RunButtons } from '../../ui/RunControls';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { SelectSetting, SliderSetting } from '../../ui/field';
import { LaneRow } from './LaneRow';
import { RaceSummary } from './RaceSummary';
import { raceRunSummary } from './run-summary';
import { useController } from '../../ui/useController';
import { RaceController } from './controller';
import { createBrowserRaceDeps, modeledGpuChoices } from './browser-deps';
import { presetReading } from './preset-reading';
import { RACE_PRESETS, raceSchema, sameJob, totalSteps, type PresetTopic } from './settings';
import './race.css';
import { raceFace } from './face';

/** Props a lesson may pass; anything invalid is corrected with a visible message. */
export interface RaceWidgetProps {
  tasks?: unknown;
  iterations?: unknown;
  serialPercent?: unknown;
  /** Catalog id of the modeled GPU. */
  gpu?: unknown;
  /** Name of this instance when the race appears twice on a page (its URL prefix). */
  instance?: string;
}

const LANE_ORDER = ['cpu-measured', 'gpu-measured', 'cpu-modeled', 'gpu-modeled'] as const;

/**
 * The CPU-vs-GPU race: the same batch of independent tasks on this machine's CPU (Web Workers)
 * and GPU (WebGPU), both measured, beside a modeled desktop CPU and datacenter GPU.
 */
export default function RaceWidget({ instance, ...props }: RaceWidgetProps) {
  const settingsHandle = useWidgetState(raceSchema, props, instance ? { instance } : {});
  const settings = settingsHandle.state;
  const [presetTopic, setPresetTopic] = useState<PresetTopic | null>(null);
  const [controller, state] = useController(
    () =>
      new RaceController(createBrowserRaceDeps(), {
        cpu: 'i9-14900k',
        gpu: settingsHandle.state.gpu,
      }),
  );
  const running = state.status === 'running';
  const idBase = useId();
  useEffect(() => controller.setModeledGpu(settings.gpu), [controller, settings.gpu]);

  const update = (patch: Parameters<typeof settingsHandle.set>[0]) => {
    setPresetTopic(null);
    settingsHandle.set(patch);
  };
  // A preset's reading is written from the lanes: the modeled prediction for the job on show,
  // and what the measured lanes showed once a race of this same job has finished.
  const lastRun = state.status !== 'running' ? state.lastRun : null;
  const presetText = presetTopic
    ? presetReading(
        presetTopic,
        settings,
        controller.modelFigures(settings, settings.gpu),
        lastRun && sameJob(lastRun.job, settings) ? lastRun.measured : null,
      )
    : null;

  return (
    <WidgetRoot
      widget={raceFace}
      status={state.status}
      settings={settingsHandle}
      runSummary={raceRunSummary(state.lanes)}
    >
      <p className="widget-intro">
        The same batch of independent tasks runs on your CPU and on your GPU, for real, next to what
        the cost model predicts for a desktop CPU and a datacenter GPU. Each task is a chain of
        integer arithmetic steps; the serial part runs on a single core.
      </p>

      <form
        className="race-form"
        onSubmit={(e) => {
          e.preventDefault();
          void controller.run(settings);
        }}
      >
        <fieldset className="race-settings" disabled={running}>
          <legend className="visually-hidden">Race settings</legend>
          <SliderSetting
            field={raceSchema.fields.tasks}
            className="race-setting"
            id={`${idBase}-tasks`}
            value={settings.tasks}
            onValue={(v) => update({ tasks: v })}
          />
          <SliderSetting
            field={raceSchema.fields.iterations}
            className="race-setting"
            id={`${idBase}-iterations`}
            value={settings.iterations}
            onValue={(v) => update({ iterations: v })}
          />
          <SliderSetting
            field={raceSchema.fields.serialPercent}
            className="race-setting"
            id={`${idBase}-serial`}
            value={settings.serialPercent}
            onValue={(v) => update({ serialPercent: v })}
          />
          <SelectSetting
            field={raceSchema.fields.gpu}
            className="race-setting"
            controlClassName=""
            id={`${idBase}-gpu`}
            value={settings.gpu}
            options={modeledGpuChoices().map((g) => ({ value: g.id, text: g.name }))}
            onValue={(gpu) => update({ gpu })}
          />
        </fieldset>
        <PresetButtons
          className="race-presets"
          label="Presets"
          lead="Presets:"
          disabled={running}
          presets={RACE_PRESETS.map((p) => ({
            key: p.name,
            label: p.name,
            title: `${p.settings.tasks.toLocaleString('en-US')} tasks × ${p.settings.iterations.toLocaleString('en-US')} steps, ${p.settings.serialPercent} % serial`,
            onPick: () => {
              settingsHandle.set(p.settings);
              setPresetTopic(p.topic);
            },
          }))}
        />
        {presetText && (
          <div className="race-preset-reading" role="status" data-preset-reading>
            {presetText.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        )}
        <div className="race-actions">
          <RunButtons
            running={running}
            runLabel={state.status === 'done' ? 'Run again' : 'Run the race'}
            onCancel={() => controller.cancel()}
          />
          <span className="hint">{totalSteps(settings).toLocaleString('en-US')} steps in all</span>
        </div>
      </form>

      {state.adapter && (
        <p className="race-adapter">
          WebGPU adapter: {state.adapter.description}
          {state.adapter.isFallback && ' — a software fallback adapter, not a hardware GPU'}
        </p>
      )}

      <ul className="race-legend" aria-label="Parts of a lane's time">
        <li>
          <span className="phase-swatch phase-startup" aria-hidden="true" /> Start-up or set-up:
          once per page or per race, before the clock starts; shown, not compared
        </li>
        <li>
          <span className="phase-swatch phase-fixed" aria-hidden="true" /> Fixed cost (modeled): a
          launch or waking threads, part of the predicted time
        </li>
        <li>
          <span className="phase-swatch phase-work" aria-hidden="true" /> Work: the time the lanes
          compare
        </li>
      </ul>

      <ol className="race-lanes" aria-label="Lanes">
        {LANE_ORDER.map((id) => (
          <LaneRow key={id} lane={state.lanes[id]} />
        ))}
      </ol>

      <div aria-live="polite" className="race-live">
        {state.status === 'done' || state.reading.length > 0 ? (
          <RaceSummary lanes={state.lanes} reading={state.reading} />
        ) : null}
      </div>
    </WidgetRoot>
  );
}
