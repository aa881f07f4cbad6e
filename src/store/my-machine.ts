/**
 * The learner's own machine: the calibration report they entered (lesson 8's snippet), kept in
 * this browser beside their progress and carried in progress files. While one is kept, the
 * catalog holds it as "My machine" (MY_MACHINE_ID), so every GPU list offers it, and each change
 * tells the widgets to check their settings again (a removed machine leaves no widget on it).
 * Saved text that cannot be read is set aside under a timestamped key, never deleted.
 */
import { createStore, useStore, type StoreApi } from 'zustand';
import {
  myMachineEntry,
  readMachineReport,
  setMyMachine,
  type MachineReport,
} from '../engine/catalog';
import { choicesChanged } from '../state/choices';

/** localStorage key of the saved machine. */
export const MY_MACHINE_KEY = 'gpu-lab:my-machine';
/** Prefix of the keys holding saved machines that could not be read. */
export const MY_MACHINE_SET_ASIDE_PREFIX = 'gpu-lab:my-machine:set-aside:';
/** Version of the saved machine's shape. */
export const MY_MACHINE_SCHEMA_VERSION = 1;

/** The saved envelope (also the `machine` part of a progress file). */
export interface SavedMachine {
  version: number;
  /** The report as entered; null when the learner has no machine entered. */
  report: MachineReport | null;
  /** When it was entered, ISO 8601. */
  enteredAt: string | null;
}

/** The machine part of the page's state, and what changes it. */
export interface MyMachineState {
  report: MachineReport | null;
  enteredAt: string | null;
  /** A message about a saved machine that was set aside on load; null when none. */
  notice: string | null;
  /** Keeps a checked report as the learner's machine (replacing any before). */
  enter(report: MachineReport): void;
  /** Forgets the learner's machine. */
  remove(): void;
  dismissNotice(): void;
}

/** The outcome of reading a saved machine: the machine, or why it was set aside. */
export type SavedMachineResult =
  | { ok: true; report: MachineReport | null; enteredAt: string | null }
  | { ok: false; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a saved machine (already parsed from JSON): the envelope and every report field. */
export function readSavedMachine(value: unknown): SavedMachineResult {
  if (!isRecord(value) || value.version !== MY_MACHINE_SCHEMA_VERSION) {
    const version = isRecord(value) ? JSON.stringify(value.version ?? null) : 'none';
    return {
      ok: false,
      message: `the saved machine has an unknown version (${version}; this GPU Lab reads ${MY_MACHINE_SCHEMA_VERSION})`,
    };
  }
  const enteredAt = typeof value.enteredAt === 'string' ? value.enteredAt.slice(0, 40) : null;
  if (value.report === null) return { ok: true, report: null, enteredAt: null };
  const read = readMachineReport(value.report);
  if (!read.ok)
    return {
      ok: false,
      message: `the saved machine's report is wrong: ${read.problems.join('; ')}`,
    };
  return { ok: true, report: read.report, enteredAt };
}

/** Puts a report into the catalog (or takes it out) and has widgets check their settings. */
function publish(report: MachineReport | null): void {
  setMyMachine(report === null ? null : myMachineEntry(report));
  choicesChanged();
}

/** The minimal storage the store needs (localStorage satisfies it). */
export type MachineStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function safeStorage(): MachineStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

/** Reads the saved machine; unreadable text is set aside with a notice. */
function load(storage: MachineStorage | null, now: () => Date) {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(MY_MACHINE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw === null) return { report: null, enteredAt: null, notice: null };
  let parsed: unknown;
  let problem: string;
  try {
    parsed = JSON.parse(raw);
    const read = readSavedMachine(parsed);
    if (read.ok) return { report: read.report, enteredAt: read.enteredAt, notice: null };
    problem = read.message;
  } catch {
    problem = 'the saved machine is not valid JSON';
  }
  try {
    storage?.setItem(MY_MACHINE_SET_ASIDE_PREFIX + now().toISOString(), raw);
    storage?.removeItem(MY_MACHINE_KEY);
  } catch {
    // storage full: the original stays under its key; the notice still says what happened
  }
  return {
    report: null,
    enteredAt: null,
    notice: `Your saved machine could not be used (${problem}), so it was set aside and "My machine" is not in the GPU lists. Paste its report again in lesson 8 to bring it back.`,
  };
}

/**
 * Creates the machine store on a storage: loads the saved machine (setting unreadable text
 * aside), puts it into the catalog, and saves and publishes every change.
 */
export function createMyMachineStore(
  storage: MachineStorage | null = safeStorage(),
  now: () => Date = () => new Date(),
): StoreApi<MyMachineState> {
  const loaded = load(storage, now);
  publish(loaded.report);
  const store = createStore<MyMachineState>()((set) => ({
    ...loaded,
    enter(report) {
      set({ report, enteredAt: now().toISOString(), notice: null });
    },
    remove() {
      set({ report: null, enteredAt: null });
    },
    dismissNotice() {
      set({ notice: null });
    },
  }));
  store.subscribe((state, previous) => {
    if (state.report === previous.report) return;
    publish(state.report);
    try {
      if (state.report === null) storage?.removeItem(MY_MACHINE_KEY);
      else storage?.setItem(MY_MACHINE_KEY, JSON.stringify(savedMachineOf(state)));
    } catch {
      // quota exceeded or storage disabled: the machine lives for this page only
    }
  });
  return store;
}

/** The saved form of a machine state. */
export function savedMachineOf(state: Pick<MyMachineState, 'report' | 'enteredAt'>): SavedMachine {
  return {
    version: MY_MACHINE_SCHEMA_VERSION,
    report: state.report,
    enteredAt: state.report === null ? null : state.enteredAt,
  };
}

/** The page's one machine store. */
export const myMachineStore = createMyMachineStore();

/** React hook reading a slice of the machine store. */
export function useMyMachine<T>(selector: (s: MyMachineState) => T): T {
  return useStore(myMachineStore, selector);
}
