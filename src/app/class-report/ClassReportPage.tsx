import { useEffect, useMemo, useRef, useState } from 'react';
import { lessons } from '../../lessons/registry';
import { questionIndex } from '../../lessons/question-index';
import { guideHref } from '../../state/route';
import { COURSE_PUZZLES, COURSE_TRITON_PUZZLES } from '../../class-report/course';
import { classReport, type CourseOutline } from '../../class-report/report';
import type { ClassData } from '../../class-report/records';
import type { ReadProgress } from '../../class-report/read';
import { readClassInBrowser } from '../../class-report/browser-reader';
import type { ReadClassOutcome } from '../../class-report/reader';
import {
  LEARNER_COLUMNS,
  LESSON_COLUMNS,
  QUESTION_COLUMNS,
  tableCsv,
  type Column,
} from '../../class-report/tables';
import { ClassFileDrop } from './ClassFileDrop';
import { SortableTable } from './SortableTable';
import { FunnelPlot } from './FunnelPlot';
import './class-report.css';

/** The course as this build holds it. */
const COURSE: CourseOutline = {
  lessons,
  questions: questionIndex,
  puzzles: COURSE_PUZZLES,
  tritonPuzzles: COURSE_TRITON_PUZZLES,
};

/** How files are read (a worker in the browser; injected in tests). */
export type ClassReader = (
  files: readonly File[],
  onProgress: (progress: ReadProgress) => void,
  signal: AbortSignal,
) => Promise<ReadClassOutcome>;

/** Props of the class report; tests inject the reader, the course and the clock. */
export interface ClassReportPageProps {
  read?: ClassReader;
  course?: CourseOutline;
  now?: () => Date;
}

type View =
  | { step: 'empty' }
  | { step: 'reading'; done: number; total: number }
  | { step: 'ready'; data: ClassData }
  | { step: 'failed'; message: string };

/** A file's identity among the chosen ones (the same file chosen twice is read once). */
const fileKey = (f: File) => `${f.name}\u0000${f.size}\u0000${f.lastModified}`;

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Saves text as a file the browser downloads. */
function downloadText(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The class report (#/class): the instructor drops the progress files learners downloaded
 * (or a zip, or an LRS's statement export) and reads, per learner, per question and per lesson,
 * where the class stands. Everything is read in this browser, in a worker; nothing is sent or
 * stored.
 */
export function ClassReportPage({
  read = readClassInBrowser,
  course = COURSE,
  now = () => new Date(),
}: ClassReportPageProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [view, setView] = useState<View>({ step: 'empty' });
  const running = useRef<AbortController | null>(null);
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => () => running.current?.abort(), []);
  useEffect(() => {
    if (view.step === 'ready' || view.step === 'failed') status.current?.focus();
  }, [view.step]);

  async function readAll(chosen: File[]) {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setFiles(chosen);
    setView({ step: 'reading', done: 0, total: chosen.length });
    const outcome = await read(
      chosen,
      (p) => !controller.signal.aborted && setView({ step: 'reading', ...p }),
      controller.signal,
    );
    if (controller.signal.aborted) return;
    running.current = null;
    setView(
      outcome.ok
        ? { step: 'ready', data: outcome.result }
        : { step: 'failed', message: outcome.problem },
    );
  }

  function add(more: File[]) {
    const known = new Set(files.map(fileKey));
    void readAll([...files, ...more.filter((f) => !known.has(fileKey(f)))]);
  }

  function stop() {
    running.current?.abort();
    running.current = null;
    setFiles([]);
    setView({ step: 'empty' });
  }

  const report = useMemo(
    () => (view.step === 'ready' ? classReport(view.data, course) : null),
    [view, course],
  );
  const day = now().toISOString().slice(0, 10);
  const download =
    <Row,>(columns: readonly Column<Row>[], name: string) =>
    (rows: Row[]) =>
      downloadText(
        tableCsv(rows, columns),
        `gpu-lab-class-${name}-${day}.csv`,
        'text/csv;charset=utf-8',
      );

  return (
    <div className="page class-report">
      <h1>Class report</h1>
      <p>
        Collect the progress files your learners download from their <strong>Progress</strong> page
        (the LMS may rename them: the report reads learners&apos; names from the file names it
        gives), or export your learning record store&apos;s statements for the course, and drop them
        here, one by one or together, or as a zip. See the{' '}
        <a href={guideHref('instructors', 'seeing-your-class')}>instructors&apos; guide</a> for how
        to collect them.
      </p>
      <ClassFileDrop onFiles={add} busy={view.step === 'reading'} />
      <div
        className="cr-status"
        ref={status}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        data-class-step={view.step}
      >
        {view.step === 'reading' && (
          <p>
            Reading {plural(view.total, 'file', 'files')}… ({view.done} done){' '}
            <button type="button" onClick={stop}>
              Stop
            </button>
          </p>
        )}
        {view.step === 'failed' && <p className="cr-error">{view.message}</p>}
        {view.step === 'ready' && report && (
          <p
            data-summary={`${report.learners.length}/${view.data.filesRead}/${view.data.problems.length}`}
          >
            {plural(report.learners.length, 'learner', 'learners')} from{' '}
            {plural(view.data.filesRead, 'file', 'files')}
            {view.data.statementsRead > 0
              ? ` (${plural(view.data.statementsRead, 'statement', 'statements')})`
              : ''}
            {view.data.problems.length > 0
              ? `; ${plural(view.data.problems.length, 'file', 'files')} could not be read`
              : ''}
            {view.data.duplicates.length > 0
              ? `; ${plural(view.data.duplicates.length, 'learner', 'learners')} found more than once`
              : ''}
            .
          </p>
        )}
      </div>
      {view.step === 'ready' && report && (
        <>
          <div className="progress-actions">
            <button type="button" onClick={stop}>
              Start over
            </button>
          </div>
          <Findings data={view.data} notes={report.notes} />
          <section aria-labelledby="cr-learners">
            <h2 id="cr-learners">Learners</h2>
            <SortableTable
              caption="Learners"
              id="learners"
              rows={report.learners}
              columns={LEARNER_COLUMNS}
              rowKey={(r) => r.key}
              onDownload={download(LEARNER_COLUMNS, 'learners')}
              empty="No learner could be read from these files."
            />
          </section>
          <section aria-labelledby="cr-lessons">
            <h2 id="cr-lessons">Lessons</h2>
            <p>
              How far the class got in each lesson: who visited it, who marked it complete, and who
              answered every one of its own quick checks right.
            </p>
            <FunnelPlot lessons={report.lessons} learners={report.learners.length} />
            <SortableTable
              caption="Lessons"
              id="lessons"
              rows={report.lessons}
              columns={LESSON_COLUMNS}
              rowKey={(r) => r.slug}
              onDownload={download(LESSON_COLUMNS, 'lessons')}
              empty="The course has no lessons."
            />
          </section>
          <section aria-labelledby="cr-questions">
            <h2 id="cr-questions">Questions</h2>
            <p>
              Each question of the lessons and of the knowledge check: how many learners answered it
              (their latest answer), the share right, and the wrong answer picked most, a sign of a
              shared misconception. Choices are named by their text where a statement export carried
              it, else by their key; the link opens the question where it is asked.
            </p>
            <SortableTable
              caption="Questions"
              id="questions"
              rows={report.questions}
              columns={QUESTION_COLUMNS}
              rowKey={(r) => r.id}
              onDownload={download(QUESTION_COLUMNS, 'questions')}
              empty="The course has no questions."
            />
          </section>
          <p className="cr-files-note">Read from: {files.map((f) => f.name).join(', ')}</p>
        </>
      )}
    </div>
  );
}

/** What could not be counted, duplicates, and other notes. */
function Findings({ data, notes }: { data: ClassData; notes: string[] }) {
  const migrated = data.learners.filter((l) => l.notes.length > 0);
  const all = [
    ...(migrated.length > 0
      ? [
          `${plural(migrated.length, 'file was', 'files were')} written by an older GPU Lab and read through its migrations (${migrated.map((l) => l.label).join(', ')}): lessons visited and completed count, quick-check answers saved by position do not.`,
        ]
      : []),
    ...data.notes,
    ...notes,
  ];
  if (data.problems.length === 0 && data.duplicates.length === 0 && all.length === 0) return null;
  return (
    <section aria-labelledby="cr-findings" className="cr-findings">
      <h2 id="cr-findings">Before the numbers</h2>
      {data.problems.length > 0 && (
        <>
          <h3>Files that could not be read ({data.problems.length})</h3>
          <p>The rest are counted without them.</p>
          <ul data-problems={data.problems.length}>
            {data.problems.map((p, i) => (
              <li key={i} data-problem-file={p.file}>
                <span className="cr-file">{p.file}</span>: {p.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {data.duplicates.length > 0 && (
        <>
          <h3>Learners found more than once ({data.duplicates.length})</h3>
          <ul data-duplicates={data.duplicates.length}>
            {data.duplicates.map((d, i) => (
              <li key={i} data-duplicate={d.label}>
                <strong>{d.label}</strong>: {d.dropped.length + 1} files, as {d.reason}. Counted:{' '}
                <span className="cr-file">{d.kept}</span>; left out:{' '}
                {d.dropped.map((f, j) => (
                  <span key={j} className="cr-file">
                    {j > 0 ? ', ' : ''}
                    {f}
                  </span>
                ))}
                .
              </li>
            ))}
          </ul>
        </>
      )}
      {all.length > 0 && (
        <>
          <h3>Notes</h3>
          <ul>
            {all.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
