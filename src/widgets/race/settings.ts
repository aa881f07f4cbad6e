/**
 * What the learner sets before a race, declared once as the race's state schema: typed fields
 * with defaults and limits (shared by the form, the lesson's props and the URL), and the rule
 * that keeps a job small enough to finish in reasonable time. Pure.
 */
import { gpuIds } from '../../engine/catalog';
import {
  checkState,
  defineWidgetSchema,
  enumField,
  integerField,
  type SchemaState,
} from '../../state/schema';

/** Upper bound on total steps (tasks × iterations + serial steps): a run cannot take minutes. */
export const MAX_TOTAL_STEPS = 400_000_000;

/** Steps the job takes for these settings, serial stage included. */
function stepsOf(tasks: number, iterations: number, serialPercent: number): number {
  return (tasks * iterations) / (1 - serialPercent / 100);
}

/** The race's settings: the job, and which catalog GPU the modeled lane predicts. */
export const raceSchema = defineWidgetSchema({
  id: 'race',
  version: 1,
  fields: {
    /** Independent tasks in the batch. */
    tasks: integerField({
      key: 'tasks',
      label: 'Tasks',
      help: 'Independent tasks in the batch',
      scale: 'log',
      default: 4096,
      min: 1,
      max: 1_048_576,
    }),
    /** Steps of arithmetic in each task (each task is a dependent chain of this length). */
    iterations: integerField({
      key: 'work',
      label: 'Work per task',
      help: 'Arithmetic steps in each task',
      scale: 'log',
      default: 2000,
      min: 1,
      max: 20_000,
    }),
    /** Share of the whole job that must run serially, in percent (Amdahl's 1 − p). */
    serialPercent: integerField({
      key: 'serial',
      label: 'Serial fraction',
      unit: '%',
      help: 'Share of the job that cannot run in parallel',
      default: 0,
      min: 0,
      max: 50,
    }),
    /** The catalog GPU the modeled GPU lane predicts. */
    gpu: enumField({
      key: 'gpu',
      label: 'Modeled GPU',
      help: 'Which catalog GPU the modeled lane predicts',
      default: 'a100-sxm-80gb',
      values: gpuIds,
    }),
  },
  check(state) {
    const steps = stepsOf(state.tasks, state.iterations, state.serialPercent);
    if (steps <= MAX_TOTAL_STEPS) return { state, notices: [] };
    const iterations = Math.max(
      1,
      Math.floor(MAX_TOTAL_STEPS / stepsOf(state.tasks, 1, state.serialPercent)),
    );
    return {
      state: { ...state, iterations },
      notices: [
        `${steps.toExponential(1)} steps would take too long here; work per task reduced to ${iterations.toLocaleString('en-US')}.`,
      ],
    };
  },
});

/** What the learner sets before a race. */
export type RaceSettings = SchemaState<typeof raceSchema>;

/** The job part of the settings (what the runners take). */
export type RaceJobSettings = Pick<RaceSettings, 'tasks' | 'iterations' | 'serialPercent'>;

/** Limits of each setting, read from the schema, and of the whole job. */
export const RACE_LIMITS = {
  tasks: { min: raceSchema.fields.tasks.min, max: raceSchema.fields.tasks.max },
  iterations: { min: raceSchema.fields.iterations.min, max: raceSchema.fields.iterations.max },
  serialPercent: {
    min: raceSchema.fields.serialPercent.min,
    max: raceSchema.fields.serialPercent.max,
  },
  maxTotalSteps: MAX_TOTAL_STEPS,
} as const;

/** The settings a race starts with. */
export const DEFAULT_RACE_SETTINGS: RaceSettings = raceSchema.defaults;

/** What a preset is there to show: fixed costs, a wide batch, a serial part. */
export type PresetTopic = 'fixed-costs' | 'wide-batch' | 'serial';

/** A ready-made job. What it shows is written from the lanes (preset-reading.ts), never fixed. */
export interface RacePreset {
  name: string;
  topic: PresetTopic;
  settings: RaceJobSettings;
}

/** Ready-made settings that each show one lesson point. */
export const RACE_PRESETS: readonly RacePreset[] = [
  {
    name: 'Tiny job',
    topic: 'fixed-costs',
    settings: { tasks: 16, iterations: 100, serialPercent: 0 },
  },
  {
    name: 'Wide batch',
    topic: 'wide-batch',
    settings: { tasks: 65_536, iterations: 1000, serialPercent: 0 },
  },
  {
    name: '5 % serial',
    topic: 'serial',
    settings: { tasks: 65_536, iterations: 1000, serialPercent: 5 },
  },
];

/** Whether two jobs are the same (a finished race's figures describe the job on show). */
export function sameJob(a: RaceJobSettings, b: RaceJobSettings): boolean {
  return (
    a.tasks === b.tasks && a.iterations === b.iterations && a.serialPercent === b.serialPercent
  );
}

/** Steps the serial stage runs so that it is `serialPercent` % of the whole job. */
export function serialIterationsFor(settings: RaceJobSettings): number {
  const s = settings.serialPercent / 100;
  if (s <= 0) return 0;
  return Math.round((settings.tasks * settings.iterations * s) / (1 - s));
}

/** Total steps of the job: every task's chain plus the serial stage. */
export function totalSteps(settings: RaceJobSettings): number {
  return settings.tasks * settings.iterations + serialIterationsFor(settings);
}

/** The outcome of checking settings: the usable settings, and messages for what was changed. */
export interface SettingsCheck {
  settings: RaceSettings;
  messages: string[];
}

/**
 * Checks settings from any source (props written in a lesson, form inputs, a URL) through the
 * schema: each value is made valid, a job too big to run in reasonable time has its work per
 * task reduced, and every change is explained in `messages`. Nothing throws.
 */
export function checkRaceSettings(input: unknown): SettingsCheck {
  const { state, notices } = checkState(raceSchema, input);
  return { settings: state, messages: notices };
}
