import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useRoute } from './useRoute';
import { useScrollOnNavigate } from './useScrollOnNavigate';
import { SiteHeader } from './SiteHeader';
import { LessonPage } from './LessonPage';
import { NotFoundPage } from './NotFoundPage';
import { glossaryHref, guideHref, GUIDES_HREF } from '../state/route';
import { ProgressNotice } from './ProgressNotice';
import { ReviewNotice } from './ReviewNotice';
import { UpdateNotice } from './UpdateNotice';
import { findLesson } from '../lessons/registry';
import { preloadQuestionBlocks } from '../lessons/blocks/lazy-questions';

// Pages a lesson does not need load on their own route, so a lesson's first load stays small
// (the course home too: a lesson opened from a link never needs it).
// Pages made of questions load the question blocks beside their own code (see lazy-questions).
const HomePage = lazy(() => import('./HomePage').then((m) => ({ default: m.HomePage })));
const KnowledgeCheckPage = lazy(() =>
  Promise.all([import('./KnowledgeCheckPage'), preloadQuestionBlocks()]).then(([m]) => ({
    default: m.KnowledgeCheckPage,
  })),
);
const GlossaryPage = lazy(() =>
  import('./GlossaryPage').then((m) => ({ default: m.GlossaryPage })),
);
const GuidePage = lazy(() => import('./GuidePage').then((m) => ({ default: m.GuidePage })));
const GuidesPage = lazy(() => import('./GuidePage').then((m) => ({ default: m.GuidesPage })));
const ProgressPage = lazy(() =>
  import('./ProgressPage').then((m) => ({ default: m.ProgressPage })),
);
const ClassReportPage = lazy(() =>
  import('./class-report/ClassReportPage').then((m) => ({ default: m.ClassReportPage })),
);
const MachineCheckPage = lazy(() =>
  import('./MachineCheckPage').then((m) => ({ default: m.MachineCheckPage })),
);
const PuzzlesPage = lazy(() =>
  import('../puzzle-page/PuzzlesPage').then((m) => ({ default: m.PuzzlesPage })),
);
const TritonPage = lazy(() =>
  import('../triton-page/TritonPage').then((m) => ({ default: m.TritonPage })),
);
const EmbedPage = lazy(() =>
  Promise.all([import('../embed-page/EmbedPage'), preloadQuestionBlocks()]).then(([m]) => ({
    default: m.EmbedPage,
  })),
);

/**
 * Stands in for a page while its code loads: a screen tall, so the footer below does not sit
 * in view and then jump down when the page arrives.
 */
function PageLoading({ children }: { children?: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="loading page-loading" style={{ minHeight: '100vh' }}>
          Loading…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

/** The app: header, the page for the current route, footer. */
export function App() {
  const route = useRoute();
  useScrollOnNavigate(route);
  const lesson = route.page === 'lesson' ? findLesson(route.slug) : undefined;

  const guide = route.page === 'guide' ? route.name : null;

  useEffect(() => {
    // An embed page names itself (its effect runs before this one).
    if (route.page === 'embed') return;
    // The puzzles page names itself after the puzzle it shows.
    if (route.page === 'puzzles' || route.page === 'triton') return;
    if (guide) {
      // The guide's title lives with its page, which this route loads anyway.
      let live = true;
      document.title = 'GPU Lab';
      void import('./GuidePage').then((m) => {
        if (live) document.title = `${m.guideTitle(guide)} · GPU Lab`;
      });
      return () => {
        live = false;
      };
    }
    document.title = lesson
      ? `${lesson.title} · GPU Lab`
      : route.page === 'check'
        ? 'Knowledge check · GPU Lab'
        : route.page === 'glossary'
          ? 'Glossary · GPU Lab'
          : route.page === 'guides'
            ? 'Guides · GPU Lab'
            : route.page === 'class'
              ? 'Class report · GPU Lab'
              : route.page === 'check-machine'
                ? 'Lab-machine check · GPU Lab'
                : 'GPU Lab';
  }, [lesson, route.page, guide]);

  // An embed (a widget, question or check in another site's iframe): the page alone, in one <main>.
  if (route.page === 'embed') {
    return (
      <main id="main" className="embed-main" tabIndex={-1}>
        {/* No footer below an embed, so no screen-tall placeholder either. */}
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <EmbedPage target={route.target} query={route.query} />
        </Suspense>
      </main>
    );
  }

  return (
    <>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <SiteHeader route={route} />
      <ProgressNotice />
      <ReviewNotice />
      <UpdateNotice />
      <main id="main" tabIndex={-1}>
        {route.page === 'home' && (
          <PageLoading>
            <HomePage />
          </PageLoading>
        )}
        {route.page === 'check' && (
          <PageLoading>
            <KnowledgeCheckPage />
          </PageLoading>
        )}
        {route.page === 'progress' && (
          <PageLoading>
            <ProgressPage />
          </PageLoading>
        )}
        {route.page === 'class' && (
          <PageLoading>
            <ClassReportPage />
          </PageLoading>
        )}
        {route.page === 'check-machine' && (
          <PageLoading>
            <MachineCheckPage />
          </PageLoading>
        )}
        {route.page === 'lesson' && lesson && <LessonPage key={lesson.slug} lesson={lesson} />}
        {route.page === 'lesson' && !lesson && <NotFoundPage path={`/lesson/${route.slug}`} />}
        {route.page === 'glossary' && (
          <PageLoading>
            <GlossaryPage term={route.term} />
          </PageLoading>
        )}
        {route.page === 'guide' && (
          <PageLoading>
            <GuidePage key={route.name} name={route.name} section={route.section} />
          </PageLoading>
        )}
        {route.page === 'guides' && (
          <PageLoading>
            <GuidesPage />
          </PageLoading>
        )}
        {route.page === 'puzzles' && (
          <PageLoading>
            <PuzzlesPage id={route.id} />
          </PageLoading>
        )}
        {route.page === 'triton' && (
          <PageLoading>
            <TritonPage id={route.id} />
          </PageLoading>
        )}
        {route.page === 'not-found' && <NotFoundPage path={route.path} />}
      </main>
      <footer className="site-footer">
        <p>
          GPU Lab measures your own device through WebGPU and Web Workers, and predicts datacenter
          hardware with a cost model. Measured and modeled figures are always labelled.
        </p>
        <nav aria-label="Reference">
          <a href={glossaryHref()}>Glossary</a>
          {' · '}
          <a href={GUIDES_HREF}>Guides</a>
          {' · '}
          <a href={guideHref('instructors')}>Instructors’ guide</a>
          {' · '}
          <a href={guideHref('authors')}>Authors’ guide</a>
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
