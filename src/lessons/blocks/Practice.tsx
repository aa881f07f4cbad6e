import { useEffect, type ReactNode } from 'react';
import './practice.css';

/** Difficulty of a practice task. */
export type TaskLevel = 'basic' | 'intermediate' | 'advanced';

const LEVEL_LABELS: Record<TaskLevel, string> = {
  basic: 'Basic',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

/** Props of the practice section: its tasks. `id` is the heading's anchor ("practice"). */
export interface PracticeProps {
  id?: string;
  children?: ReactNode;
}

/** The lesson's "Practice" section, holding `<Task>` cards. */
export function Practice({ id = 'practice', children }: PracticeProps) {
  return (
    <section className="practice" aria-labelledby={id}>
      <h2 id={id}>Practice</h2>
      <div className="practice-tasks">{children}</div>
    </section>
  );
}

/** Props of one practice task: its level, an optional title, and the task text. */
export interface TaskProps {
  level: TaskLevel;
  title?: string;
  children?: ReactNode;
}

const isLevel = (v: unknown): v is TaskLevel =>
  typeof v === 'string' && Object.hasOwn(LEVEL_LABELS, v);

/**
 * One practice task as a card with a level badge. Authors may put `<details>` blocks (a hint, a
 * solution) inside; they work as plain HTML.
 */
export function Task({ level, title, children }: TaskProps) {
  const known = isLevel(level);
  const shown: TaskLevel = known ? level : 'basic';
  useEffect(() => {
    if (!known && import.meta.env.DEV) {
      console.warn(`<Task level="${String(level)}"> is unknown; shown as basic.`);
    }
  }, [known, level]);
  return (
    <article className={`task task-${shown}`} data-level={shown}>
      <h3 className="task-head">
        <span className="task-badge">{LEVEL_LABELS[shown]}</span>
        {title ? (
          <>
            <span className="visually-hidden">: </span>
            <span className="task-title">{title}</span>
          </>
        ) : (
          <span className="visually-hidden"> task</span>
        )}
      </h3>
      <div className="task-body">{children}</div>
    </article>
  );
}
