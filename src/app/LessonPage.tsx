import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MDXProvider } from '@mdx-js/react';
import type { LessonSummary } from '../lessons/frontmatter';
import { loadLesson, neighbours, objectivesOf, type LessonModule } from '../lessons/registry';
import { lessonComponents } from '../lessons/components';
import { useProgress } from '../store/progress';
import { lessonHref } from '../state/route';
import { Toc, type TocEntry } from './Toc';
import { LessonBoundary } from '../lessons/LessonBoundary';
import { TextPaintContext, whenElementPainted } from '../ui/frame/text-paint';
import { LoadFailed } from '../ui/LoadFailed';
import './lesson-page.css';

// The "Embed this lesson's check" control sits in the footer: it loads after the lesson, not
// with it, so it adds nothing to the lesson's first load.
const LessonCheckEmbed = lazy(() =>
  import('../embed-page/LessonCheckEmbed').then((m) => ({ default: m.LessonCheckEmbed })),
);

type LoadState =
  | { state: 'loading' }
  | { state: 'ready'; module: LessonModule }
  | { state: 'failed'; message: string };

/**
 * One lesson: header with objectives, table of contents, the MDX content, navigation. The app
 * scrolls to a section the URL names once it is rendered (useScrollOnNavigate.ts).
 */
export function LessonPage({ lesson }: { lesson: LessonSummary }) {
  const [load, setLoad] = useState<LoadState>({ state: 'loading' });
  const [toc, setToc] = useState<TocEntry[]>([]);
  const articleRef = useRef<HTMLDivElement>(null);
  const markVisited = useProgress((s) => s.markVisited);
  const completedAt = useProgress((s) => s.completed[lesson.slug]);
  const setCompleted = useProgress((s) => s.setCompleted);
  const { previous, next } = neighbours(lesson.slug);
  // Widgets wait for the lesson's first words to paint before they request their code.
  const [textPaint] = useState(deferredVoid);

  useEffect(() => {
    markVisited(lesson.slug);
    let live = true;
    loadLesson(lesson.slug).then(
      (module) => live && setLoad({ state: 'ready', module }),
      (err: unknown) =>
        live &&
        setLoad({ state: 'failed', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [lesson.slug, markVisited]);

  // Build the table of contents from the rendered headings (ids come from rehype-slug).
  useEffect(() => {
    if (load.state !== 'ready' || !articleRef.current) return;
    const headings = articleRef.current.querySelectorAll<HTMLHeadingElement>('h2[id], h3[id]');
    setToc(
      Array.from(headings).map((h) => ({
        id: h.id,
        text: h.textContent ?? '',
        level: h.tagName === 'H2' ? 2 : 3,
      })),
    );
  }, [load]);

  // Mark the lesson's first heading (or paragraph) before it paints, and learn when it has.
  useLayoutEffect(() => {
    if (load.state === 'loading') return;
    const first = articleRef.current?.querySelector('h2, p');
    if (first) void whenElementPainted(first).then(textPaint.resolve);
    else textPaint.resolve();
  }, [load, textPaint]);

  const Content = load.state === 'ready' ? load.module.default : null;

  return (
    <div className="lesson-layout">
      <aside className="lesson-aside">
        <Toc slug={lesson.slug} entries={toc} />
      </aside>
      <article className="lesson" data-lesson={lesson.slug} aria-labelledby="lesson-title">
        <header className="lesson-header">
          <p className="eyebrow">
            Lesson {lesson.order} · {lesson.readingMinutes} min read
          </p>
          <h1 id="lesson-title" tabIndex={-1}>
            {lesson.title}
          </h1>
          {load.state === 'ready' ? (
            <section className="objectives" aria-labelledby="objectives-title">
              <h2 id="objectives-title" className="objectives-title">
                After this lesson you can
              </h2>
              <ul>
                {objectivesOf(load.module).map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </header>
        {/* A new element once the lesson is there (the key): the objectives arrive with the lesson
            and push the body down, and a body that was on screen moving would count as a layout
            shift, while a body that appears in its final place does not. */}
        <div className="lesson-body" ref={articleRef} key={load.state}>
          {/* A screen tall, so the footers below stay out of view and nothing in view moves
              when the lesson replaces it. */}
          {load.state === 'loading' && (
            <p className="loading" style={{ minHeight: '100vh' }}>
              Loading the lesson…
            </p>
          )}
          {load.state === 'failed' && <LoadFailed what="This lesson" message={load.message} />}
          {Content && (
            <LessonBoundary>
              <TextPaintContext.Provider value={textPaint.promise}>
                <MDXProvider components={lessonComponents}>
                  <Content components={lessonComponents} />
                </MDXProvider>
              </TextPaintContext.Provider>
            </LessonBoundary>
          )}
        </div>
        <footer className="lesson-footer">
          {load.state === 'ready' && (
            <Suspense fallback={null}>
              <LessonCheckEmbed slug={lesson.slug} title={lesson.title} />
            </Suspense>
          )}
          <label className="complete-toggle">
            <input
              type="checkbox"
              checked={Boolean(completedAt)}
              onChange={(e) => setCompleted(lesson.slug, e.target.checked)}
            />{' '}
            I have finished this lesson
          </label>
          <nav className="pager" aria-label="Lessons">
            {previous ? (
              <a rel="prev" href={lessonHref(previous.slug)}>
                ← {previous.title}
              </a>
            ) : (
              <a href="#/">← Course home</a>
            )}
            {next ? (
              <a rel="next" href={lessonHref(next.slug)}>
                {next.title} →
              </a>
            ) : (
              <a href="#/">Course home →</a>
            )}
          </nav>
        </footer>
      </article>
    </div>
  );
}

/** A promise with its resolve function, made once per lesson page. */
function deferredVoid(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
