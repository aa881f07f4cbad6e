import { useEffect, useRef, useState, type ComponentType } from 'react';
import { MDXProvider } from '@mdx-js/react';
import type { MDXComponents } from 'mdx/types';
import { GUIDE_NAMES, GUIDES_HREF, guideHref, type GuideName } from '../state/route';
import { LessonBoundary } from '../lessons/LessonBoundary';
import { LoadFailed } from '../ui/LoadFailed';
import './lesson-page.css';

/** A compiled guide: its MDX content and its frontmatter (title and a one-line summary). */
export interface GuideModule {
  default: ComponentType<{ components?: MDXComponents }>;
  frontmatter?: { title?: unknown; summary?: unknown };
}

/** The guides' titles, known without loading them (for the tab title and links). */
const GUIDE_TITLES: Record<GuideName, string> = {
  instructors: 'Guide for instructors',
  authors: 'Guide for lesson authors',
};

/** A guide's title (its frontmatter says the same; the guide's test checks that). */
export function guideTitle(name: GuideName): string {
  return GUIDE_TITLES[name];
}

/** Whom each guide is for and what it covers, one sentence each, for the list of the guides. */
const GUIDE_BLURBS: Record<GuideName, string> = {
  instructors:
    'For teachers: how to place a widget, one question or a whole lesson’s check in your own course pages, size and theme it, and receive what learners answer (xAPI and cmi5 included).',
  authors:
    'For anyone writing or changing a lesson: the MDX a lesson is written in, the building blocks, widgets and question kinds it can use, and the checks the build runs on it.',
};

/** The list of the guides (`#/guide`): each guide's title, linked, and a sentence about it. */
export function GuidesPage() {
  return (
    <div className="page narrow guides-page">
      <h1 tabIndex={-1}>Guides</h1>
      <p className="lede">
        GPU Lab is a course for learners; these guides are for the people around it.
      </p>
      <ul className="guide-list">
        {GUIDE_NAMES.map((name) => (
          <li key={name} data-guide={name}>
            <h2>
              <a href={guideHref(name)}>{guideTitle(name)}</a>
            </h2>
            <p>{GUIDE_BLURBS[name]}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

const loaders = import.meta.glob<GuideModule>('/content/guides/*.mdx');

/** Loads a guide's compiled MDX lazily (each guide is its own chunk). */
export function loadGuide(name: GuideName): Promise<GuideModule> {
  const load = loaders[`/content/guides/${name}.mdx`];
  if (!load) return Promise.reject(new Error(`No guide file for "${name}"`));
  return load();
}

type LoadState =
  | { state: 'loading' }
  | { state: 'ready'; module: GuideModule; components: MDXComponents }
  | { state: 'failed'; message: string };

interface Heading {
  id: string;
  text: string;
}

/**
 * A guide page (`#/guide/instructors`, `#/guide/authors`): the MDX guide rendered with the
 * lessons' components (so code blocks highlight and copy the same way) and a list of its
 * sections, the one named in the URL marked (the app scrolls to it: useScrollOnNavigate.ts).
 */
export function GuidePage({ name, section }: { name: GuideName; section: string | null }) {
  const [load, setLoad] = useState<LoadState>({ state: 'loading' });
  const [headings, setHeadings] = useState<Heading[]>([]);
  const body = useRef<HTMLDivElement>(null);
  // Open beside the text on wide screens; folded above it on phones, as in lessons.
  const [contentsOpen] = useState(
    () => typeof matchMedia !== 'function' || matchMedia('(min-width: 64rem)').matches,
  );

  useEffect(() => {
    let live = true;
    // The guide's components (with the widget schemas) load with it, not with the app.
    Promise.all([loadGuide(name), import('./guide-components')]).then(
      ([module, { guideComponents }]) =>
        live && setLoad({ state: 'ready', module, components: guideComponents }),
      (err: unknown) =>
        live &&
        setLoad({ state: 'failed', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [name]);

  useEffect(() => {
    if (load.state !== 'ready' || !body.current) return;
    const found = body.current.querySelectorAll<HTMLHeadingElement>('h2[id]');
    setHeadings(Array.from(found, (h) => ({ id: h.id, text: h.textContent ?? '' })));
  }, [load]);

  const Content = load.state === 'ready' ? load.module.default : null;
  const title = guideTitle(name);

  return (
    <div className="lesson-layout guide-layout">
      <aside className="lesson-aside">
        {headings.length > 0 && (
          <nav className="toc" aria-label="On this page">
            <details open={contentsOpen}>
              <summary>On this page</summary>
              <ol>
                {headings.map((h) => (
                  <li key={h.id} className="toc-level-2">
                    <a
                      href={guideHref(name, h.id)}
                      aria-current={h.id === section ? 'location' : undefined}
                    >
                      {h.text}
                    </a>
                  </li>
                ))}
              </ol>
            </details>
          </nav>
        )}
      </aside>
      <article className="lesson guide" data-guide={name} aria-labelledby="guide-title">
        <header className="lesson-header">
          <p className="eyebrow">
            <a href={GUIDES_HREF}>GPU Lab guides</a>
          </p>
          <h1 id="guide-title" tabIndex={-1}>
            {title}
          </h1>
        </header>
        <div className="lesson-body" ref={body}>
          {load.state === 'loading' && <p className="loading">Loading the guide…</p>}
          {load.state === 'failed' && <LoadFailed what="This guide" message={load.message} />}
          {Content && load.state === 'ready' && (
            <LessonBoundary>
              <MDXProvider components={load.components}>
                <Content components={load.components} />
              </MDXProvider>
            </LessonBoundary>
          )}
        </div>
      </article>
    </div>
  );
}
