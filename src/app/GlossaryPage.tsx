import { findTerm, letterIndex, sortedTerms } from '../glossary/terms';
import { findLesson } from '../lessons/registry';
import { glossaryEntryId, glossaryHref, lessonHref } from '../state/route';
import './glossary.css';

export { glossaryEntryId };

/**
 * The glossary: every term in alphabetical order with its definition, a link to the lesson
 * section that teaches it and its related terms. `term` (from `#/glossary/<id>`) marks that
 * entry; the app scrolls to it and focuses it (useScrollOnNavigate.ts), and Back returns to
 * where the learner was.
 */
export function GlossaryPage({ term }: { term: string | null }) {
  const entries = sortedTerms();

  return (
    <div className="page narrow glossary-page">
      <h1 tabIndex={-1}>Glossary</h1>
      <p className="lede">
        The terms the course uses, each with a short definition, the section that teaches it and
        related terms. In the lessons, the first use of each term links here.
      </p>
      <nav className="glossary-letters" aria-label="Glossary by first letter">
        <ul>
          {letterIndex(entries).map(({ letter, id }) => (
            <li key={letter}>
              <a href={glossaryHref(id)}>{letter}</a>
            </li>
          ))}
        </ul>
      </nav>
      <dl className="glossary-list">
        {entries.map((entry) => {
          const lesson = findLesson(entry.taught.lesson);
          return (
            <div
              key={entry.id}
              id={glossaryEntryId(entry.id)}
              className="glossary-entry"
              data-term={entry.id}
              tabIndex={-1}
              aria-current={term === entry.id ? 'true' : undefined}
            >
              <dt>
                <dfn>{entry.term}</dfn>
              </dt>
              <dd className="glossary-definition">{entry.definition}</dd>
              <dd className="glossary-taught">
                Taught in{' '}
                <a href={lessonHref(entry.taught.lesson, entry.taught.section)}>
                  {lesson ? `Lesson ${lesson.order}: ${lesson.title}` : entry.taught.lesson}
                </a>
              </dd>
              {entry.related.length > 0 && (
                <dd className="glossary-related">
                  Related:{' '}
                  {entry.related.map((id, i) => (
                    <span key={id}>
                      {i > 0 && ', '}
                      <a href={glossaryHref(id)}>{findTerm(id)?.term ?? id}</a>
                    </span>
                  ))}
                </dd>
              )}
            </div>
          );
        })}
      </dl>
    </div>
  );
}
