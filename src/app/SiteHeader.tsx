import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { findLesson, lessons, neighbours } from '../lessons/registry';
import type { LessonSummary } from '../lessons/frontmatter';
import {
  CHECK_HREF,
  glossaryHref,
  lessonHref,
  PROGRESS_HREF,
  puzzlesHref,
  tritonHref,
  type Route,
} from '../state/route';
import { useProgress } from '../store/progress';

/** The course's other pages, as the header's menu lists them after the lessons. */
const COURSE_PAGES: readonly { page: Route['page']; href: string; label: string }[] = [
  { page: 'check', href: CHECK_HREF, label: 'Knowledge check' },
  { page: 'puzzles', href: puzzlesHref(), label: 'WGSL puzzles' },
  { page: 'triton', href: tritonHref(), label: 'Triton puzzles' },
  { page: 'glossary', href: glossaryHref(), label: 'Glossary' },
  { page: 'progress', href: PROGRESS_HREF, label: 'Your progress' },
];

/**
 * The header every page but an embed has, sticky at the top of the window: the course home,
 * the "Lessons" menu (every lesson, the current one marked, then the knowledge check, the
 * puzzles, the glossary and the learner's progress) and, on a lesson, the previous and next
 * lessons.
 */
export function SiteHeader({ route }: { route: Route }) {
  const lesson = route.page === 'lesson' ? findLesson(route.slug) : undefined;
  return (
    <header className="site-header">
      <a className="brand" href="#/">
        <span aria-hidden="true" className="brand-mark">
          ▦
        </span>{' '}
        GPU Lab
      </a>
      <CourseMenu route={route} currentSlug={lesson?.slug ?? null} />
      {lesson && <HeaderPager slug={lesson.slug} />}
    </header>
  );
}

/**
 * A disclosure button and the list it shows: Enter or Space opens and closes it, Escape closes
 * it and puts focus back on the button, and it closes when focus or a click goes elsewhere or
 * one of its links is followed.
 */
function CourseMenu({ route, currentSlug }: { route: Route; currentSlug: string | null }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const completed = useProgress((s) => s.completed);

  // A press outside the menu closes it (focus may not move: a press on plain text).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !root.current?.contains(next)) setOpen(false);
  };

  return (
    <div className="course-menu" ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="course-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Lessons{' '}
        <span aria-hidden="true" className="course-menu-caret">
          ▾
        </span>
      </button>
      <div id={panelId} className="course-menu-panel" hidden={!open}>
        <nav aria-label="Course" onClick={() => setOpen(false)}>
          <ol className="course-menu-lessons">
            {lessons.map((l) => (
              <li key={l.slug}>
                <a
                  href={lessonHref(l.slug)}
                  aria-current={l.slug === currentSlug ? 'page' : undefined}
                >
                  <span className="course-menu-number">{l.order}</span>
                  <span className="course-menu-title">{l.title}</span>
                  {completed[l.slug] ? (
                    <span className="course-menu-done">
                      <span aria-hidden="true">✓</span>
                      <span className="visually-hidden"> (completed)</span>
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
          </ol>
          <ul className="course-menu-pages">
            {COURSE_PAGES.map((p) => (
              <li key={p.page}>
                <a href={p.href} aria-current={route.page === p.page ? 'page' : undefined}>
                  {p.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

/** The previous and next lessons, at the top of a lesson: "← Lesson 6", "Lesson 8 →" (numbers alone on a phone). */
function HeaderPager({ slug }: { slug: string }) {
  const { previous, next } = neighbours(slug);
  return (
    <nav className="header-pager" aria-label="Previous and next lesson">
      {previous ? <PagerLink lesson={previous} rel="prev" /> : null}
      {next ? <PagerLink lesson={next} rel="next" /> : null}
    </nav>
  );
}

function PagerLink({ lesson, rel }: { lesson: LessonSummary; rel: 'prev' | 'next' }) {
  // The name holds what the link shows ("Lesson 6", or "6" on a phone) and says which way.
  const name = `${rel === 'prev' ? 'Previous' : 'Next'}: Lesson ${lesson.order}, ${lesson.title}`;
  return (
    <a rel={rel} href={lessonHref(lesson.slug)} aria-label={name} title={lesson.title}>
      {rel === 'prev' && <span aria-hidden="true">← </span>}
      <span className="header-pager-word">Lesson </span>
      {lesson.order}
      {rel === 'next' && <span aria-hidden="true"> →</span>}
    </a>
  );
}
