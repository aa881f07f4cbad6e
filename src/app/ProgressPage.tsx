import { useEffect, useRef, useState } from 'react';
import { ColumnHeads } from '../ui/ColumnHeads';
import { lessons } from '../lessons/registry';
import { questionIndex } from '../lessons/question-index';
import { CHECK_HREF, lessonHref, puzzlesHref, tritonHref } from '../state/route';
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
  heldProgressOf,
  listBackups,
  mergeImportedProgress,
  nameBackups,
  readBackup,
  type ApplyDeps,
  type BackupStorage,
  type TimeWording,
} from '../store/progress-backups';
import {
  describeMergeChanges,
  mergeChangesAnything,
  mergeProgress,
  type MergeChanges,
} from '../store/progress-merge';
import {
  dayInWords,
  knowledgeCheckProgress,
  lessonProgress,
  type LessonProgress,
  type QuestionIndex,
} from './progress-summary';
import { FileDropZone } from '../ui/file-drop/FileDropZone';
import './progress.css';

/** Where an import comes from: a chosen file, or a backup kept in this browser. */
type ImportSource = { kind: 'file'; name: string } | { kind: 'backup'; when: string };

/** What the import part of the page shows. */
type ImportView =
  | { step: 'idle' }
  | { step: 'refused'; message: string }
  | { step: 'confirm'; source: ImportSource; imported: ImportedProgress }
  | { step: 'done'; message: string };

/** The source in a sentence: "the file progress.json", "the backup from 6 December 2026, 22:01". */
function sourcePhrase(source: ImportSource): string {
  return source.kind === 'file' ? `the file ${source.name}` : `the backup from ${source.when}`;
}

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

/** "1 question" or "3 questions". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Props of the progress page; tests inject the clock, the time zone and the question index. */
export interface ProgressPageProps {
  now?: () => Date;
  /** The time zone dates are written in (the browser's when absent). */
  timeZone?: string;
  /** Where each question is asked (the build's index). */
  index?: QuestionIndex;
}

/**
 * The progress page: where the learner stands (lessons, their questions, the knowledge check,
 * puzzles, reviews due), then saving everything to one file, bringing a file from another
 * browser (checked, compared with what is here, merged or replaced only when confirmed, with a
 * backup kept) and restoring a backup.
 */
export function ProgressPage({
  now = () => new Date(),
  timeZone,
  index = questionIndex,
}: ProgressPageProps) {
  const progress = useProgress((s) => s);
  const items = useReview((s) => s.items);
  const machineReport = useMyMachine((s) => s.report);
  const solved = usePuzzleProgress((s) => s.solved);
  const puzzlesSolved = Object.keys(solved).length;
  const tritonSolved = Object.keys(solved).filter((id) => id.startsWith('triton:')).length;
  const [view, setView] = useState<ImportView>({ step: 'idle' });
  const [chosen, setChosen] = useState<string | null>(null);
  const [backupsVersion, setBackupsVersion] = useState(0);
  const status = useRef<HTMLDivElement>(null);
  // When the confirmation closes, its buttons are gone: keep keyboard focus on the outcome.
  useEffect(() => {
    if (view.step === 'done') status.current?.focus();
  }, [view]);
  const wording: TimeWording = { timeZone };
  const storage = browserStorage();
  const backups = storage ? nameBackups(listBackups(storage), wording) : [];
  const here = progressCounts(progress, { items }, now());
  const deps: ApplyDeps = {
    progress: progressStore,
    review: reviewStore,
    machine: myMachineStore,
    puzzles: puzzleProgressStore,
    storage,
    now,
  };

  function download() {
    const at = now();
    const machine = myMachineStore.getState();
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

  async function chooseFile(file: File) {
    setChosen(file.name);
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
        ? { step: 'confirm', source: { kind: 'file', name: file.name }, imported: result.value }
        : { step: 'refused', message: `${file.name}: ${result.message}` },
    );
  }

  function chooseBackup(key: string, when: string) {
    if (!storage) return;
    const result = readBackup(storage, key);
    setView(
      result.ok
        ? { step: 'confirm', source: { kind: 'backup', when }, imported: result.value }
        : { step: 'refused', message: result.message },
    );
  }

  /** The words for the backup just made under `key`, as the list below names it. */
  function backupWords(key: string): string {
    const named = storage ? nameBackups(listBackups(storage), wording) : [];
    return `the backup from ${named.find((b) => b.key === key)?.when ?? key}`;
  }

  function finish(message: string) {
    setBackupsVersion((v) => v + 1);
    setView({ step: 'done', message });
  }

  function replace(imported: ImportedProgress, source: ImportSource) {
    const result = applyImportedProgress(imported, deps);
    if (!result.ok) {
      setView({ step: 'refused', message: result.message });
      return;
    }
    finish(
      `Progress replaced with ${sourcePhrase(source)}. What this browser held before is kept as ${backupWords(result.backupKey)}; restore it below if you change your mind.`,
    );
  }

  function merge(imported: ImportedProgress, source: ImportSource) {
    const result = mergeImportedProgress(imported, deps);
    if (!result.ok) {
      setView({ step: 'refused', message: result.message });
      return;
    }
    const from = sourcePhrase(source);
    const said = describeMergeChanges(result.changes, 'the file');
    if (result.backupKey === null) {
      finish(
        `${capitalise(from)} holds nothing this browser lacks, so nothing was changed${said.length > 0 ? ` (${said.join(', ')})` : ''}.`,
      );
      return;
    }
    finish(
      `Merged ${from} into your progress: ${said.join(', ')}. What this browser held before is kept as ${backupWords(result.backupKey)}; restore it below if you change your mind.`,
    );
  }

  function cancel() {
    setChosen(null);
    setView({ step: 'done', message: 'Import cancelled. Nothing was changed.' });
  }

  return (
    <div className="page progress-page">
      <h1>Your progress</h1>
      <p>
        GPU Lab keeps your progress in this browser only. Save it to a file to keep it safe or to
        carry it to another browser or device.
      </p>
      <ProgressSummary
        rows={lessonProgress(lessons, progress, index)}
        check={knowledgeCheckProgress(index, progress.answers)}
        puzzlesSolved={puzzlesSolved - tritonSolved}
        tritonSolved={tritonSolved}
        reviewDue={here.reviewDue}
        reviewScheduled={here.reviewScheduled}
        timeZone={timeZone}
      />
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
          You will see what the file holds beside what this browser holds, and choose to merge the
          two or to replace your progress, before anything changes.
        </p>
        <FileDropZone
          title="Drop a progress file (.json) here, or"
          chooseLabel="Choose a progress file…"
          inputLabel="Progress file (.json)"
          accept="application/json,.json"
          testIdPrefix="progress"
          dataAttribute="progress-drop"
          privacy="The file is read by this page, in your browser: it is never uploaded."
          onFile={(file) => void chooseFile(file)}
        >
          <p className="progress-chosen" data-chosen-file={chosen ?? ''}>
            {chosen === null ? (
              'No file chosen yet.'
            ) : (
              <>
                Chosen file: <strong>{chosen}</strong>
              </>
            )}
          </p>
        </FileDropZone>
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
            mergePreview={
              view.source.kind === 'file'
                ? mergeProgress(heldProgressOf(deps), view.imported).changes
                : null
            }
            notes={view.imported.notes}
            onMerge={() => merge(view.imported, view.source)}
            onReplace={() => replace(view.imported, view.source)}
            onCancel={cancel}
          />
        ) : null}
      </section>
      <section aria-labelledby="backups-title" data-backups={backupsVersion}>
        <h2 id="backups-title">Backups</h2>
        {backups.length === 0 ? (
          <p>No backups yet. Each import or restore keeps what it replaced here.</p>
        ) : (
          <>
            <p>Each import or restore kept what this browser held just before it.</p>
            <ul className="progress-backups">
              {backups.map((b) => (
                <li key={b.key} data-backup={b.key}>
                  <span>Backup from {b.when}</span>
                  <button type="button" onClick={() => chooseBackup(b.key, b.when)}>
                    Restore this backup<span className="visually-hidden"> from {b.when}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <p>
        <a href="#/">Back to the course</a>
      </p>
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface SummaryProps {
  rows: LessonProgress[];
  check: ReturnType<typeof knowledgeCheckProgress>;
  /** WGSL puzzles solved. */
  puzzlesSolved: number;
  /** Triton puzzles solved. */
  tritonSolved: number;
  reviewDue: number;
  reviewScheduled: number;
  timeZone: string | undefined;
}

/** Where the learner stands: the course, each lesson, the knowledge check, puzzles, reviews. */
function ProgressSummary(props: SummaryProps) {
  const { rows, check, puzzlesSolved, tritonSolved, reviewDue, reviewScheduled, timeZone } = props;
  const course = {
    completed: rows.filter((r) => r.status === 'completed').length,
    total: rows.length,
  };
  const visited = rows.filter((r) => r.status !== 'not-started').length;
  return (
    <section aria-labelledby="summary-title" className="progress-summary">
      <h2 id="summary-title">Where you stand</h2>
      <p className="course-progress" data-course-progress={`${course.completed}/${course.total}`}>
        <progress max={course.total} value={course.completed} aria-label="Lessons completed" />{' '}
        {course.completed} of {course.total} lessons completed, {visited} visited.
      </p>
      <ol className="progress-lessons">
        {rows.map((r) => (
          <li key={r.slug} data-lesson-progress={r.slug} data-status={r.status}>
            <a href={lessonHref(r.slug)} className="progress-lesson-title">
              <span className="lesson-number progress-lesson-number" aria-hidden="true">
                {r.order}
              </span>
              <span>
                <span className="visually-hidden">Lesson {r.order}: </span>
                {r.title}
              </span>
            </a>
            <span className={`badge badge-${r.status}`}>{statusWords(r, timeZone)}</span>
            <span className="progress-checks" data-right={r.right} data-missed={r.missed}>
              {checkWords(r)}
            </span>
          </li>
        ))}
      </ol>
      <ul className="progress-others">
        <li data-check-progress={`${check.right}/${check.total}`}>
          <a href={CHECK_HREF}>Knowledge check</a>:{' '}
          {check.answered === 0
            ? `not taken yet (${count(check.total, 'question', 'questions')}).`
            : `${check.right} right and ${check.missed} missed of ${count(check.total, 'question', 'questions')}${check.answered < check.total ? `, ${check.total - check.answered} not answered yet` : ''}.`}
        </li>
        <li data-puzzles-solved={puzzlesSolved}>
          <a href={puzzlesHref()}>WGSL puzzles</a>:{' '}
          {puzzlesSolved === 0
            ? 'none solved yet.'
            : `${count(puzzlesSolved, 'puzzle', 'puzzles')} solved.`}
        </li>
        <li data-triton-solved={tritonSolved}>
          <a href={tritonHref()}>Triton puzzles</a>:{' '}
          {tritonSolved === 0
            ? 'none solved yet.'
            : `${count(tritonSolved, 'puzzle', 'puzzles')} solved.`}
        </li>
        <li data-review-due={reviewDue}>
          Review:{' '}
          {reviewScheduled === 0
            ? 'nothing on the schedule; a missed question comes back here a day later.'
            : `${count(reviewDue, 'question', 'questions')} due now, ${reviewScheduled} on the schedule (the course home lists them).`}
        </li>
      </ul>
    </section>
  );
}

/** "Completed 6 December 2026", "Visited 2 December 2026", "Not started". */
function statusWords(r: LessonProgress, timeZone: string | undefined): string {
  if (r.status === 'completed') {
    const day = r.completedAt ? dayInWords(r.completedAt, timeZone) : null;
    return day ? `✓ Completed ${day}` : '✓ Completed';
  }
  if (r.status === 'visited') {
    const day = r.visitedAt ? dayInWords(r.visitedAt, timeZone) : null;
    return day ? `Visited ${day}` : 'Visited';
  }
  return 'Not started';
}

/** "Quick checks: 2 right, 1 missed, 3 not answered (6)". */
function checkWords(r: LessonProgress): string {
  if (r.questions === 0 && r.right + r.missed === 0) return 'No questions in this lesson.';
  const open = Math.max(0, r.questions - r.right - r.missed);
  if (r.right + r.missed === 0)
    return `Questions: none answered yet (${count(r.questions, 'question', 'questions')}).`;
  return `Questions: ${r.right} right, ${r.missed} missed${open > 0 ? `, ${open} not answered yet` : ''}.`;
}

interface ConfirmProps {
  source: ImportSource;
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
  /** What merging would change (a file), or null when only replacing is offered (a backup). */
  mergePreview: MergeChanges | null;
  notes: string[];
  onMerge(): void;
  onReplace(): void;
  onCancel(): void;
}

function ConfirmImport(props: ConfirmProps) {
  const { source, here, incoming, machineHere, machineIncoming, notes, mergePreview } = props;
  const { puzzlesHere, puzzlesIncoming, onMerge, onReplace, onCancel } = props;
  const from = sourcePhrase(source);
  const mergeSays = mergePreview ? describeMergeChanges(mergePreview) : [];
  return (
    <div className="progress-confirm" data-import-confirm="">
      <h3>{mergePreview ? `Bring in ${from}?` : `Replace your progress with ${from}?`}</h3>
      <table className="progress-compare">
        <ColumnHeads names={['Saved', `In ${from}`, 'In this browser now']} />
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
      {mergePreview ? (
        <div className="progress-choice">
          <div data-merge-preview="">
            <p>
              <strong>Merge</strong> keeps everything here and adds what the file has: for each
              question the newer answer wins.{' '}
              {mergeChangesAnything(mergePreview)
                ? 'It would bring:'
                : 'The file holds nothing this browser lacks.'}
            </p>
            {mergeSays.length > 0 ? (
              <ul className="progress-merge-list">
                {mergeSays.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <p>
            <strong>Replace</strong> makes this browser hold exactly what the file holds.
          </p>
        </div>
      ) : null}
      <p>
        {isBlank(here)
          ? 'This browser holds no progress yet.'
          : mergePreview
            ? 'Either way, what this browser holds now is kept first as a backup you can restore.'
            : 'What this browser holds now will be replaced, and kept as a backup you can restore.'}
      </p>
      <div className="progress-actions">
        {mergePreview ? (
          <button type="button" className="primary" onClick={onMerge} data-action="merge-import">
            Merge into my progress
          </button>
        ) : null}
        <button
          type="button"
          className={mergePreview ? undefined : 'primary'}
          onClick={onReplace}
          data-action="confirm-import"
        >
          Replace my progress
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
