/** What the learner sets before a race. */
export interface RaceSettings {
  /** Independent tasks in the batch. */
  tasks: number;
  /** Steps of arithmetic in each task (each task is a dependent chain of this length). */
  iterations: number;
  /** Share of the whole job that must run serially, in percent (Amdahl's 1 − p). */
  serialPercent: number;
}

/** Limits of each setting, and of the whole job (so a run cannot freeze a laptop for minutes). */
export const RACE_LIMITS = {
  tasks: { min: 1, max: 1_048_576 },
  iterations: { min: 1, max: 20_000 },
  serialPercent: { min: 0, max: 50 },
  /** Upper bound on total steps (tasks × iterations + serial steps). */
  maxTotalSteps: 400_000_000,
} as const;

/** The settings a race starts with. */
export const DEFAULT_RACE_SETTINGS: RaceSettings = {
  tasks: 4096,
  iterations: 2000,
  serialPercent: 0,
};

/** Ready-made settings that each show one lesson point. */
export const RACE_PRESETS: ReadonlyArray<{ name: string; settings: RaceSettings; point: string }> =
  [
    {
      name: 'Tiny job',
      settings: { tasks: 16, iterations: 100, serialPercent: 0 },
      point: 'Fixed costs dominate: the GPU cannot win with so little work.',
    },
    {
      name: 'Wide batch',
      settings: { tasks: 65_536, iterations: 1000, serialPercent: 0 },
      point: 'Many independent tasks: the shape of work GPUs are built for.',
    },
    {
      name: '5 % serial',
      settings: { tasks: 65_536, iterations: 1000, serialPercent: 5 },
      point: "Amdahl's law: the serial part caps the speedup at 20×.",
    },
  ];

/** The outcome of checking settings: the usable settings, and messages for what was changed. */
export interface SettingsCheck {
  settings: RaceSettings;
  messages: string[];
}

function clampInt(
  name: string,
  value: unknown,
  min: number,
  max: number,
  fallback: number,
  messages: string[],
): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    messages.push(`${name} must be a number; using ${fallback.toLocaleString('en-US')}.`);
    return fallback;
  }
  const rounded = Math.round(n);
  if (rounded < min) {
    messages.push(
      `${name} must be at least ${min.toLocaleString('en-US')}; using ${min.toLocaleString('en-US')}.`,
    );
    return min;
  }
  if (rounded > max) {
    messages.push(
      `${name} can be at most ${max.toLocaleString('en-US')}; using ${max.toLocaleString('en-US')}.`,
    );
    return max;
  }
  return rounded;
}

/** Steps the serial stage runs so that it is `serialPercent` % of the whole job. */
export function serialIterationsFor(settings: RaceSettings): number {
  const s = settings.serialPercent / 100;
  if (s <= 0) return 0;
  return Math.round((settings.tasks * settings.iterations * s) / (1 - s));
}

/** Total steps of the job: every task's chain plus the serial stage. */
export function totalSteps(settings: RaceSettings): number {
  return settings.tasks * settings.iterations + serialIterationsFor(settings);
}

/**
 * Checks settings from any source (props written in a lesson, form inputs, a URL): each value is
 * made a number within its limits, and a job too big to run in reasonable time has its work per
 * task reduced. Every change is explained in `messages`; nothing throws.
 */
export function checkRaceSettings(
  input: Partial<Record<keyof RaceSettings, unknown>>,
): SettingsCheck {
  const messages: string[] = [];
  const L = RACE_LIMITS;
  const d = DEFAULT_RACE_SETTINGS;
  const tasks = clampInt(
    'Tasks',
    input.tasks ?? d.tasks,
    L.tasks.min,
    L.tasks.max,
    d.tasks,
    messages,
  );
  let iterations = clampInt(
    'Work per task',
    input.iterations ?? d.iterations,
    L.iterations.min,
    L.iterations.max,
    d.iterations,
    messages,
  );
  const serialPercent = clampInt(
    'Serial fraction',
    input.serialPercent ?? d.serialPercent,
    L.serialPercent.min,
    L.serialPercent.max,
    d.serialPercent,
    messages,
  );
  const factor = 1 / (1 - serialPercent / 100);
  if (tasks * iterations * factor > L.maxTotalSteps) {
    const reduced = Math.max(1, Math.floor(L.maxTotalSteps / (tasks * factor)));
    messages.push(
      `${(tasks * iterations * factor).toExponential(1)} steps would take too long here; work per task reduced to ${reduced.toLocaleString('en-US')}.`,
    );
    iterations = reduced;
  }
  return { settings: { tasks, iterations, serialPercent }, messages };
}
