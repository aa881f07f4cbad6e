import { useEffect } from 'react';
import { useRoute } from './useRoute';
import { HomePage } from './HomePage';
import { LessonPage } from './LessonPage';
import { NotFoundPage } from './NotFoundPage';
import { KnowledgeCheckPage } from './KnowledgeCheckPage';
import { GlossaryPage } from './GlossaryPage';
import { glossaryHref } from './route';
import { ProgressNotice } from './ProgressNotice';
import { ProgressPage } from './ProgressPage';
import { ReviewNotice } from './ReviewNotice';
import { findLesson } from '../lessons/registry';

/** The app: header, the page for the current route, footer. */
export function App() {
  const route = useRoute();
  const lesson = route.page === 'lesson' ? findLesson(route.slug) : undefined;

  useEffect(() => {
    document.title = lesson
      ? `${lesson.title} · GPU Lab`
      : route.page === 'check'
        ? 'Knowledge check · GPU Lab'
        : route.page === 'glossary'
          ? 'Glossary · GPU Lab'
          : 'GPU Lab';
  }, [lesson, route.page]);

  return (
    <>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <header className="site-header">
        <a className="brand" href="#/">
          <span aria-hidden="true" className="brand-mark">
            ▦
          </span>{' '}
          GPU Lab
        </a>
        <span className="tagline">How GPUs run deep learning, measured and modeled</span>
      </header>
      <ProgressNotice />
      <ReviewNotice />
      <main id="main" tabIndex={-1}>
        {route.page === 'home' && <HomePage />}
        {route.page === 'check' && <KnowledgeCheckPage />}
        {route.page === 'progress' && <ProgressPage />}
        {route.page === 'lesson' && lesson && (
          <LessonPage key={lesson.slug} lesson={lesson} section={route.section} />
        )}
        {route.page === 'lesson' && !lesson && <NotFoundPage path={`/lesson/${route.slug}`} />}
        {route.page === 'glossary' && <GlossaryPage term={route.term} />}
        {route.page === 'not-found' && <NotFoundPage path={route.path} />}
      </main>
      <footer className="site-footer">
        <p>
          GPU Lab measures your own device through WebGPU and Web Workers, and predicts datacenter
          hardware with a cost model. Measured and modeled figures are always labelled.
        </p>
        <nav aria-label="Reference">
          <a href={glossaryHref()}>Glossary</a>
        </nav>
      </footer>
    </>
  );
}

function skipToMain(e: React.MouseEvent) {
  // Hash routing owns the fragment, so move focus by hand instead of following the link.
  e.preventDefault();
  document.getElementById('main')?.focus();
}
