import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ColumnHeads } from '../ui/ColumnHeads';
import { progressStore, useProgress } from '../store/progress';
import { reviewStore, useReview } from '../store/review-store';
import { myMachineStore, useMyMachine } from '../store/my-machine';
import { puzzleProgressStore, usePuzzleProgress } from '../store/puzzle-progress';
import {
  buildProgressFile,
  isBlank,
  MAX_PROGRESS_FILE_CHARS,
  parseProgressFile,
  progressCounts,
  progressFileName,
  serializeProgressFile,
  type ImportedProgress,
  type ProgressCounts,
} from '../store/progress-io';
import {
  applyImportedProgress,
  listBackups,
  readBackup,
  type BackupStorage,
} from '../store/progress-backups';
import './progress.css';

/** What the import part of the page shows. */
type ImportView =
  | { step: 'idle' }
  | { step: 'refused'; message: string }
  | { step: 'confirm'; source: string; imported: ImportedProgress }
  | { step: 'done'; message: string };

/**
 * A chosen file's text (FileReader where Blob.text is missing, as in older engines). A huge file
 * is read only as far as needed to refuse it: past MAX_PROGRESS_FILE_CHARS characters (at most
 * four UTF-8 bytes each) the importer refuses it anyway.
 */
function readFileText(whole: File): Promise<string> {
  const limitBytes = 4 * MAX_PROGRESS_FILE_CHARS + 4;
  const file =
    whole.size > limitBytes && typeof whole.slice === 'function'
      ? whole.slice(0, limitBytes)
      : whole;
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

function browserStorage(): BackupStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const ROWS: [keyof ProgressCounts, string][] = [
  ['lessonsVisited', 'Lessons visited'],
  ['lessonsCompleted', 'Lessons completed'],
  ['questionsAnswered', 'Questions answered'],
  ['questionsRight', 'Answered right'],
  ['reviewScheduled', 'Questions on the review schedule'],
  ['reviewDue', 'Due for review now'],
];

/**
 * The progress page: download everything saved as one file, bring a file from another browser
 * (checked, compared with what is here, applied only when confirmed, with a backup kept), and
 * restore a backup. `now` is the clock (injected by tests).
 */
export function ProgressPage({ now = () => new Date() }: { now?: () => Date }) {
  const progress = useProgress((s) => s);
  const items = useReview((s) => s.items);
  const machineReport = useMyMachine((s) => s.report);
  const puzzlesSolved = Object.keys(usePuzzleProgress((s) => s.solved)).length;
  const [view, setView] = useState<ImportView>({ step: 'idle' });
  const [backupsVersion, setBackupsVersion] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLDivElement>(null);
  // When the confirmation closes, its buttons are gone: keep keyboard focus on the outcome.
  useEffect(() => {
    if (view.step === 'done') status.current?.focus();
  }, [view]);
  const storage = browserStorage();
  const backups = storage ? listBackups(storage) : [];
  const here = progressCounts(progress, { items }, now());

  function download() {
    const at = now();
    const machine = myMachineStore.getState();
    const solved = puzzleProgressStore.getState().solved;
    const text = serializeProgressFile(
      buildProgressFile(progress, { items }, at, machine, false, solved),
    );
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = progressFileName(at);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  async function chooseFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    let text: string;
    try {
      text = await readFileText(file);
    } catch {
      setView({
        step: 'refused',
        message: `The file ${file.name} could not be read. Nothing was changed.`,
      });
      return;
    }
    const result = parseProgressFile(text);
    setView(
      result.ok
        ? { step: 'confirm', source: `the file ${file.name}`, imported: result.value }
        : { step: 'refused', message: `${file.name}: ${result.message}` },
    );
  }

  function chooseBackup(key: string, takenAt: string) {
    if (!storage) return;
    const result = readBackup(storage, key);
    setView(
      result.ok
        ? { step: 'confirm', source: `the backup from ${takenAt}`, imported: result.value }
        : { step: 'refused', message: result.message },
    );
  }

  function confirm(imported: ImportedProgress, source: string) {
    const result = applyImportedProgress(imported, {
      progress: progressStore,
      review: reviewStore,
      machine: myMachineStore,
      puzzles: puzzleProgressStore,
      storage,
      now,
    });
    if (input.current) input.current.value = '';
    setBackupsVersion((v) => v + 1);
    setView(
      result.ok
        ? {
            step: 'done',
            message: `Progress replaced with ${source}. What this browser held before is kept as a backup (${result.backupKey}); restore it below if you change your mind.`,
          }
        : { step: 'refused', message: result.message },
    );
  }

  function cancel() {
    if (input.current) input.current.value = '';
    setView({ step: 'done', message: 'Import cancelled. Nothing was changed.' });
  }

  return (
    <div className="page progress-page">
      <h1>Your progress</h1>
      <p>
        GPU Lab keeps your progress in this browser only. Save it to a file to keep it safe or to
        carry it to another browser or device.
      </p>
      <section aria-labelledby="export-title">
        <h2 id="export-title">Save to a file</h2>
        <p>
          The file holds the lessons you visited and completed, your answers, the order your choices
          are shown in, your review schedule, and your machine&rsquo;s calibration report if you
          entered one (lesson 8), and the WGSL puzzles you solved.
        </p>
        <p data-machine-kept={machineReport ? 'yes' : 'no'}>
          {machineReport
            ? `Your machine: ${machineReport.gpu} (it goes into the file).`
            : 'No machine of your own is entered in this browser.'}
        </p>
        <button type="button" className="primary" onClick={download} data-action="export">
          Download progress file
        </button>
      </section>
      <section aria-labelledby="import-title">
        <h2 id="import-title">Bring progress from a file</h2>
        <p>
          You will see what the file holds beside what this browser holds before anything changes.
        </p>
        <label htmlFor="progress-file">Progress file (.json)</label>{' '}
        <input
          ref={input}
          id="progress-file"
          type="file"
          accept="application/json,.json"
          onChange={(e) => void chooseFile(e)}
          data-action="import"
        />
        <div
          ref={status}
          tabIndex={-1}
          role="status"
          aria-live="polite"
          data-import-step={view.step}
        >
          {view.step === 'refused' ? <p className="progress-error">{view.message}</p> : null}
          {view.step === 'done' ? <p>{view.message}</p> : null}
        </div>
        {view.step === 'confirm' ? (
          <ConfirmImport
            source={view.source}
            here={here}
            incoming={progressCounts(view.imported.progress, view.imported.review, now())}
            machineHere={machineReport?.gpu ?? null}
            machineIncoming={
              view.imported.machine === null
                ? undefined
                : (view.imported.machine.report?.gpu ?? null)
            }
            puzzlesHere={puzzlesSolved}
            puzzlesIncoming={
              view.imported.puzzles === null
                ? undefined
                : Object.keys(view.imported.puzzles.solved).length
            }
            notes={view.imported.notes}
            onConfirm={() => confirm(view.imported, view.source)}
            onCancel={cancel}
          />
        ) : null}
      </section>
      <section aria-labelledby="backups-title" data-backups={backupsVersion}>
        <h2 id="backups-title">Backups</h2>
        {backups.length === 0 ? (
          <p>No backups yet. Each import or restore keeps what it replaced here.</p>
        ) : (
          <ul>
            {backups.map((b) => (
              <li key={b.key} data-backup={b.key}>
                Progress as it was at {b.takenAt}{' '}
                <button type="button" onClick={() => chooseBackup(b.key, b.takenAt)}>
                  Restore this backup
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <a href="#/">Back to the course</a>
      </p>
    </div>
  );
}

interface ConfirmProps {
  source: string;
  here: ProgressCounts;
  incoming: ProgressCounts;
  /** The machine entered here (its GPU's name), or null. */
  machineHere: string | null;
  /** The file's machine: its GPU's name, null for none, undefined when the file has no machine part. */
  machineIncoming: string | null | undefined;
  /** Puzzles solved here. */
  puzzlesHere: number;
  /** Puzzles solved in the file, or undefined when the file has no puzzles part. */
  puzzlesIncoming: number | undefined;
  notes: string[];
  onConfirm(): void;
  onCancel(): void;
}

function ConfirmImport(props: ConfirmProps) {
  const { source, here, incoming, machineHere, machineIncoming, notes, onConfirm, onCancel } =
    props;
  const { puzzlesHere, puzzlesIncoming } = props;
  return (
    <div className="progress-confirm" data-import-confirm="">
      <h3>Replace your progress with {source}?</h3>
      <table className="progress-compare">
        <ColumnHeads names={['Saved', `In ${source}`, 'In this browser now']} />
        <tbody>
          {ROWS.map(([key, label]) => (
            <tr key={key} data-row={key}>
              <th scope="row">{label}</th>
              <td>{incoming[key]}</td>
              <td>{here[key]}</td>
            </tr>
          ))}
          <tr data-row="machine">
            <th scope="row">Your machine</th>
            <td>
              {machineIncoming === undefined
                ? 'not in the file (yours is kept)'
                : (machineIncoming ?? 'none')}
            </td>
            <td>{machineHere ?? 'none'}</td>
          </tr>
          <tr data-row="puzzles">
            <th scope="row">Puzzles solved</th>
            <td>
              {puzzlesIncoming === undefined ? 'not in the file (yours are kept)' : puzzlesIncoming}
            </td>
            <td>{puzzlesHere}</td>
          </tr>
        </tbody>
      </table>
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
      <p>
        {isBlank(here)
          ? 'This browser holds no progress yet.'
          : 'What this browser holds now will be replaced, and kept as a backup you can restore.'}
      </p>
      <div className="progress-actions">
        <button type="button" className="primary" onClick={onConfirm} data-action="confirm-import">
          Replace my progress
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
