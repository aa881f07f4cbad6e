import { ShareControl } from '../ui/share/ShareControl';
import { useShareTools } from '../ui/share/share-tools';
import { currentSiteBase } from '../ui/share/embed-snippet';
import { CHECK_SECTION, resolveEmbed } from './resolve-target';
import './embed-page.css';

/** Lowest height offered for a lesson check's iframe, in CSS pixels. */
const MIN_CHECK_EMBED_PX = 400;

/**
 * The Share menu of a lesson's "Check yourself" questions: a link to them alone
 * (`#/embed/check/<slug>`) and iframe code for it; nothing when the lesson has no such
 * questions, or where Share menus are not on offer.
 */
export function LessonCheckEmbed({ slug, title }: { slug: string; title: string }) {
  const tools = useShareTools();
  const check = resolveEmbed({ kind: 'check', slug });
  if (!tools || !check.found || check.kind !== 'check') return null;
  const ids = check.questionIds;
  const path = `/embed/check/${slug}`;
  return (
    <div className="lesson-check-embed">
      <p className="share-note">
        Teaching with this lesson? Its “Check yourself” questions can go into your own page or
        course.
      </p>
      <ShareControl
        widgetLabel="this lesson’s check"
        getUrl={() => `${currentSiteBase()}#${path}`}
        linkLabel="Link to this lesson’s check alone"
        linkNote="The link opens the “Check yourself” questions on a page of their own, with a score."
        embed={{
          path,
          title: `Check yourself: ${title} · GPU Lab`,
          defaultHeightPx: () => checkHeightPx(ids),
        }}
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
