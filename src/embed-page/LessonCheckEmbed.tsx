import { EmbedControl } from '../ui/share/EmbedControl';
import { useEmbedMode } from '../ui/share/embed-mode';
import { currentSiteBase } from '../ui/share/embed-snippet';
import { CHECK_SECTION, resolveEmbed } from './resolve-target';
import './embed-page.css';

/** Lowest height offered for a lesson check's iframe, in CSS pixels. */
const MIN_CHECK_EMBED_PX = 400;

/**
 * The "Embed" button of a lesson's "Check yourself" questions, giving iframe code for
 * `#/embed/check/<slug>`; nothing when the lesson has no such questions.
 */
export function LessonCheckEmbed({ slug, title }: { slug: string; title: string }) {
  const embedded = useEmbedMode();
  const check = resolveEmbed({ kind: 'check', slug });
  if (embedded || !check.found || check.kind !== 'check') return null;
  const ids = check.questionIds;
  return (
    <div className="lesson-check-embed">
      <p className="share-note">
        Teaching with this lesson? Its “Check yourself” questions can go into your own page or
        course.
      </p>
      <EmbedControl
        buttonLabel="Embed this lesson’s check"
        path={`/embed/check/${slug}`}
        title={`Check yourself: ${title} · GPU Lab`}
        getSiteBase={currentSiteBase}
        getDefaultHeightPx={() => checkHeightPx(ids)}
      />
    </div>
  );
}

/** The rendered height of the check's heading and questions, plus room for score and footer. */
function checkHeightPx(ids: readonly string[]): number {
  let total = document.getElementById(CHECK_SECTION)?.getBoundingClientRect().height ?? 0;
  for (const id of ids) {
    const element = document.querySelector(`[data-quick-check="${id.replace(/"/g, '')}"]`);
    total += element ? element.getBoundingClientRect().height + 16 : 0;
  }
  return Math.max(MIN_CHECK_EMBED_PX, Math.ceil(total) + 140);
}
