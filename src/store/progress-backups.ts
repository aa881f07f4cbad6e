/**
 * Applying a progress file (an import, or a backup restored): the current state is saved as a
 * backup first, and nothing changes when it cannot be; backups are listed and read back as
 * imports. Reading and writing the file itself is progress-io.ts.
 */
import type { StoreApi } from 'zustand';
import type { MyMachineState } from './my-machine';
import type { ProgressState } from './progress';
import {
  buildProgressFile,
  NOTHING_CHANGED,
  parseProgressFile,
  progressDataOf,
  serializeProgressFile,
  type ImportedProgress,
  type ProgressFileResult,
} from './progress-io';
import type { PuzzleProgressState } from './puzzle-progress';
import type { ReviewState } from './review-store';
import {
  mergeChangesAnything,
  mergeProgress,
  type HeldProgress,
  type MergeChanges,
} from './progress-merge';

/** Prefix of the keys holding the state an import or restore replaced. */
export const BACKUP_PREFIX = 'gpu-lab:progress:backup:';

/** The storage a backup needs: read, write, and list keys (localStorage satisfies it). */
export type BackupStorage = Pick<Storage, 'getItem' | 'setItem' | 'key' | 'length'>;

/** A saved backup: its key and when it was made. */
export interface BackupEntry {
  key: string;
  /** When the backup was made, ISO 8601 (from its key). */
  takenAt: string;
}

/** The backups in a storage, newest first. */
export function listBackups(storage: BackupStorage): BackupEntry[] {
  const found: BackupEntry[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(BACKUP_PREFIX))
      found.push({ key, takenAt: key.slice(BACKUP_PREFIX.length) });
  }
  return found.sort((a, b) => (a.takenAt < b.takenAt ? 1 : a.takenAt > b.takenAt ? -1 : 0));
}

/** A backup as the page names it: "Backup from 6 December 2026, 22:01". */
export interface NamedBackup extends BackupEntry {
  /** When it was made, in words ("6 December 2026, 22:01"), with seconds where two share a minute. */
  when: string;
}

/** Where and how backup times are written: the time zone (the browser's when absent). */
export interface TimeWording {
  timeZone?: string | undefined;
}

/**
 * A moment in words, British style whatever the browser's language (the course is in English):
 * "6 December 2026, 22:01", or with seconds "6 December 2026, 22:01:55". Null when `iso` is
 * not a time.
 */
export function momentInWords(
  iso: string,
  wording: TimeWording = {},
  seconds = false,
): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const zone = wording.timeZone === undefined ? {} : { timeZone: wording.timeZone };
  const day = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...zone,
  }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(seconds ? { second: '2-digit' } : {}),
    ...zone,
  }).format(at);
  return `${day}, ${time}`;
}

/**
 * The backups with their times in words, in the same order. Backups made within the same minute
 * show seconds, so no two read alike; a key whose time does not parse shows that text as it is.
 */
export function nameBackups(
  backups: readonly BackupEntry[],
  wording: TimeWording = {},
): NamedBackup[] {
  const minutes = backups.map((b) => momentInWords(b.takenAt, wording) ?? b.takenAt);
  return backups.map((b, i) => {
    const shared = minutes.filter((m) => m === minutes[i]).length > 1;
    const when = shared ? (momentInWords(b.takenAt, wording, true) ?? b.takenAt) : minutes[i]!;
    return { ...b, when };
  });
}

/** The backup's name as a phrase: "the backup from 6 December 2026, 22:01". */
export function backupPhrase(backup: BackupEntry, wording: TimeWording = {}): string {
  return `the backup from ${momentInWords(backup.takenAt, wording) ?? backup.takenAt}`;
}

/**
 * What applying an import needs: the stores (the machine's optional: without it the machine is
 * neither backed up nor replaced), a storage for the backup, and a clock.
 */
export interface ApplyDeps {
  progress: StoreApi<ProgressState>;
  review: StoreApi<ReviewState>;
  machine?: StoreApi<MyMachineState>;
  /** The solved puzzles; without it they are neither backed up nor replaced. */
  puzzles?: StoreApi<PuzzleProgressState>;
  storage: BackupStorage | null;
  now: () => Date;
}

/** The outcome of applying an import: the backup key, or why nothing was changed. */
export type ApplyResult = { ok: true; backupKey: string } | { ok: false; message: string };

/**
 * Replaces the progress and schedule (and the machine and solved puzzles, when the file has
 * them) with imported ones, after saving the current state as a progress file under
 * `gpu-lab:progress:backup:<time>`. A file without a machine or puzzles part leaves that as it is.
 * When the backup cannot be saved, nothing is changed.
 */
export function applyImportedProgress(
  imported: ImportedProgress,
  deps: ApplyDeps,
  /** What the refusal says did not happen to the progress ("replaced", "merged"). */
  action = 'replaced',
): ApplyResult {
  const at = deps.now();
  const current = buildProgressFile(
    deps.progress.getState(),
    deps.review.getState(),
    at,
    deps.machine?.getState() ?? null,
    true,
    deps.puzzles?.getState().solved ?? null,
  );
  const backupKey = BACKUP_PREFIX + at.toISOString();
  try {
    if (!deps.storage) throw new Error('no storage');
    deps.storage.setItem(backupKey, serializeProgressFile(current));
  } catch {
    return {
      ok: false,
      message: `The current progress could not be backed up (this browser's storage is full or turned off), so it was not ${action}. ${NOTHING_CHANGED}`,
    };
  }
  deps.progress.setState(progressDataOf(imported.progress));
  // After the progress: its new answers reach the schedule through the store's subscription,
  // and the imported schedule then takes their place.
  deps.review.getState().replace(imported.review);
  if (deps.machine && imported.machine) {
    if (imported.machine.report === null) deps.machine.getState().remove();
    else
      deps.machine.setState({
        report: imported.machine.report,
        enteredAt: imported.machine.enteredAt,
      });
  }
  if (deps.puzzles && imported.puzzles) deps.puzzles.getState().replace(imported.puzzles.solved);
  return { ok: true, backupKey };
}

/** What the stores hold now, as a merge reads it (the machine and puzzles only when given). */
export function heldProgressOf(deps: Omit<ApplyDeps, 'storage' | 'now'>): HeldProgress {
  const machine = deps.machine?.getState();
  return {
    progress: progressDataOf(deps.progress.getState()),
    review: { items: deps.review.getState().items },
    machine: machine ? { report: machine.report, enteredAt: machine.enteredAt } : null,
    puzzles: deps.puzzles?.getState().solved ?? null,
  };
}

/**
 * The outcome of merging: the backup key and what changed; `backupKey` is null when the file
 * brought nothing new, so nothing was changed or backed up.
 */
export type MergeApplyResult =
  { ok: true; backupKey: string | null; changes: MergeChanges } | { ok: false; message: string };

/**
 * Merges an import into the stores (see progress-merge.ts): the current state is saved as a
 * backup first, as for a replacement, and nothing changes when it cannot be. When the file holds
 * nothing this browser lacks, nothing is changed and no backup is made.
 */
export function mergeImportedProgress(
  imported: ImportedProgress,
  deps: ApplyDeps,
): MergeApplyResult {
  const { merged, changes } = mergeProgress(heldProgressOf(deps), imported);
  if (!mergeChangesAnything(changes)) return { ok: true, backupKey: null, changes };
  const applied = applyImportedProgress(merged, deps, 'merged');
  return applied.ok ? { ok: true, backupKey: applied.backupKey, changes } : applied;
}

/** Reads a backup by key as an import (it is a progress file); refused when gone or unreadable. */
export function readBackup(storage: BackupStorage, key: string): ProgressFileResult {
  let text: string | null = null;
  try {
    text = storage.getItem(key);
  } catch {
    text = null;
  }
  if (text === null)
    return {
      ok: false,
      message: `The backup ${key} is no longer in this browser. ${NOTHING_CHANGED}`,
    };
  return parseProgressFile(text);
}
