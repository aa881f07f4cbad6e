/**
 * The report's three tables, declared once: each column's heading, the text of its cell and
 * what it sorts by. The page shows exactly these texts and the CSV download writes exactly
 * these texts, so the file is the table. Pure.
 */
import { toCsv } from './csv';
import type { LearnerRow, LessonRow, QuestionRow } from './report';

/** One column of a table. */
export interface Column<Row> {
  id: string;
  label: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** The cell's text, on the page and in the CSV. */
  text(row: Row): string;
  /** What it sorts by; null sorts last whichever way. */
  sort(row: Row): number | string | null;
  /** A link the cell's text leads to, where it has one. */
  href?(row: Row): string | null;
}

/** Which way a column sorts. */
export type SortDirection = 'ascending' | 'descending';

/** A table's sort: a column's id and a direction; null keeps the report's own order. */
export type SortState = { column: string; direction: SortDirection } | null;

/** A time as the tables write it: "2026-03-02 10:15" (UTC), or "none". */
export function utcMinute(iso: string | null): string {
  if (!iso) return 'none';
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return 'none';
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** A share as a whole percentage ("67 %"), or "—" when there is none. */
export function percent(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)} %`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** One row per learner. */
export const LEARNER_COLUMNS: readonly Column<LearnerRow>[] = [
  { id: 'learner', label: 'Learner', text: (r) => r.label, sort: (r) => r.label.toLowerCase() },
  {
    id: 'visited',
    label: 'Lessons visited',
    numeric: true,
    text: (r) => count(r.lessonsVisited),
    sort: (r) => r.lessonsVisited,
  },
  {
    id: 'completed',
    label: 'Lessons completed',
    numeric: true,
    text: (r) => count(r.lessonsCompleted),
    sort: (r) => r.lessonsCompleted,
  },
  {
    id: 'right',
    label: 'Quick checks right',
    numeric: true,
    text: (r) => count(r.quickRight),
    sort: (r) => r.quickRight,
  },
  {
    id: 'missed',
    label: 'Quick checks missed',
    numeric: true,
    text: (r) => count(r.quickMissed),
    sort: (r) => r.quickMissed,
  },
  {
    id: 'check',
    label: 'Knowledge check',
    numeric: true,
    text: (r) => `${count(r.checkRight)} / ${count(r.checkTotal)}`,
    sort: (r) => r.checkRight,
  },
  {
    id: 'puzzles',
    label: 'Puzzles solved',
    numeric: true,
    text: (r) => count(r.puzzlesSolved),
    sort: (r) => r.puzzlesSolved,
  },
  {
    id: 'triton',
    label: 'Triton puzzles solved',
    numeric: true,
    text: (r) => count(r.tritonSolved),
    sort: (r) => r.tritonSolved,
  },
  {
    id: 'last',
    label: 'Last activity (UTC)',
    text: (r) => utcMinute(r.lastActivity),
    sort: (r) => (r.lastActivity === null ? null : Date.parse(r.lastActivity) || null),
  },
  { id: 'source', label: 'From', text: (r) => `${r.origin} (${r.source})`, sort: (r) => r.origin },
];

/** Where a question is asked, in words. */
function whereAsked(r: QuestionRow): string {
  const lesson = `${r.lessonOrder < Number.MAX_SAFE_INTEGER ? `${r.lessonOrder}. ` : ''}${r.lessonTitle}`;
  if (r.inKnowledgeCheck) return `Knowledge check (teaches ${lesson})`;
  return r.heading ? `${lesson} › ${r.heading}` : lesson;
}

/** One row per question. */
export const QUESTION_COLUMNS: readonly Column<QuestionRow>[] = [
  {
    id: 'question',
    label: 'Question',
    text: (r) => (r.question ? `${r.question} (${r.id})` : r.id),
    sort: (r) => r.id,
    href: (r) => r.href,
  },
  {
    id: 'where',
    label: 'Where',
    text: whereAsked,
    sort: (r) => (r.inKnowledgeCheck ? 1e6 : 0) + r.lessonOrder,
  },
  {
    id: 'answered',
    label: 'Answered',
    numeric: true,
    text: (r) => count(r.answered),
    sort: (r) => r.answered,
  },
  {
    id: 'share',
    label: 'Share right',
    numeric: true,
    text: (r) => percent(r.shareRight),
    sort: (r) => r.shareRight,
  },
  {
    id: 'wrong',
    label: 'Wrong answer picked most',
    text: (r) =>
      r.commonWrong
        ? `${r.commonWrong.text ?? `choice ${r.commonWrong.choice}`} (${count(r.commonWrong.count)})`
        : '—',
    sort: (r) => r.commonWrong?.count ?? null,
  },
];

/** One row per lesson: the funnel. */
export const LESSON_COLUMNS: readonly Column<LessonRow>[] = [
  {
    id: 'lesson',
    label: 'Lesson',
    text: (r) => `${r.order}. ${r.title}`,
    sort: (r) => r.order,
  },
  {
    id: 'visited',
    label: 'Visited',
    numeric: true,
    text: (r) => count(r.visited),
    sort: (r) => r.visited,
  },
  {
    id: 'completed',
    label: 'Completed',
    numeric: true,
    text: (r) => count(r.completed),
    sort: (r) => r.completed,
  },
  {
    id: 'all-right',
    label: 'All its checks right',
    numeric: true,
    text: (r) => (r.allRight === null ? 'no checks' : count(r.allRight)),
    sort: (r) => r.allRight,
  },
  {
    id: 'questions',
    label: 'Its checks',
    numeric: true,
    text: (r) => count(r.questions),
    sort: (r) => r.questions,
  },
];

/** Rows sorted by a column (stable; nulls last either way), or as they came. */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  sort: SortState,
): Row[] {
  const column = sort ? columns.find((c) => c.id === sort.column) : undefined;
  if (!sort || !column) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: column.sort(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) {
        return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1;
      }
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : String(a.key).localeCompare(String(b.key), 'en');
      return order !== 0 ? sign * order : a.index - b.index;
    })
    .map((x) => x.row);
}

/** The cells' texts, row by row, as the page shows them. */
export function tableTexts<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string[][] {
  return rows.map((row) => columns.map((c) => c.text(row)));
}

/** The table as CSV: its headings, then its cells' texts. */
export function tableCsv<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  return toCsv(
    columns.map((c) => c.label),
    tableTexts(rows, columns),
  );
}
