import { useEffect, useState } from 'react';
import { lessonHref } from '../state/route';
import './lesson-page.css';

/** One heading listed in the table of contents. */
export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

/** The lesson's table of contents; the section in view is marked with aria-current. */
export function Toc({ slug, entries }: { slug: string; entries: TocEntry[] }) {
  const [activeId, setActiveId] = useState<string | null>(null);
  // Open beside the text on wide screens; folded above it on phones so the lesson starts at once.
  const [openInitially] = useState(
    () => typeof matchMedia !== 'function' || matchMedia('(min-width: 64rem)').matches,
  );

  useEffect(() => {
    if (entries.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (records) => {
        const visible = records.filter((r) => r.isIntersecting);
        if (visible[0]) setActiveId(visible[0].target.id);
      },
      { rootMargin: '0px 0px -70% 0px' },
    );
    for (const e of entries) {
      const el = document.getElementById(e.id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [entries]);

  if (entries.length === 0) return null;
  return (
    <nav className="toc" aria-label="On this page">
      <details open={openInitially}>
        <summary>On this page</summary>
        <ol>
          {entries.map((e) => (
            <li key={e.id} className={`toc-level-${e.level}`}>
              <a
                href={lessonHref(slug, e.id)}
                aria-current={e.id === activeId ? 'location' : undefined}
              >
                {e.text}
              </a>
            </li>
          ))}
        </ol>
      </details>
    </nav>
  );
}
