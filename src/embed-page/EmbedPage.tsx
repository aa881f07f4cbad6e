import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { EmbedRouteTarget } from '../state/route';
import { parseEmbedParams } from '../embed/embed-params';
import { startHostBridge, type HostBridge, type HostBridgeOptions } from '../embed/host-bridge';
import type { ScorePolicy } from '../embed/xapi';
import { ShareToolsContext } from '../ui/share/share-tools';
import { currentSiteBase } from '../ui/share/embed-snippet';
import { QuestionsEmbed, type QuestionsEmbedProps } from './QuestionsEmbed';
import { resolveEmbed, type FoundEmbed } from './resolve-target';
import { applyTheme, type PageTheme } from './theme';
import { WidgetEmbed } from './WidgetEmbed';
import './embed-page.css';

// A puzzle's page (and its editor) loads only when a puzzle is embedded.
const PuzzleEmbed = lazy(() => import('../puzzle-page/PuzzleEmbed'));
const TritonEmbed = lazy(() => import('../triton-page/TritonEmbed'));

/** Props of the embed page. */
export interface EmbedPageProps {
  target: EmbedRouteTarget;
  /** The hash query: widget settings (`race.tasks`) and embed options (`theme`, `frame`, …). */
  query: ReadonlyMap<string, string>;
  /** Starts the host bridge (injectable for tests). */
  startBridge?: (options: HostBridgeOptions) => HostBridge;
  /** Loads a questions module (injectable for tests). */
  loadQuestions?: QuestionsEmbedProps['load'];
}

/**
 * One widget, one question or one lesson check alone, for an iframe on another site: no site
 * header or footer, no Share menus unless the link asks (`tools=1`), the link's notices, a small
 * footer link to where it lives in GPU Lab, the theme the link or the host asks for, scores
 * counted as the link says (`attempts`), and the bridge that keeps the host informed (height,
 * learning events as xAPI statements).
 */
export function EmbedPage({
  target,
  query,
  startBridge = startHostBridge,
  loadQuestions,
}: EmbedPageProps) {
  const targetKey = JSON.stringify(target);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the target
  const resolved = useMemo(() => resolveEmbed(target), [targetKey]);
  const optionsKey = JSON.stringify([...query].filter(([key]) => !key.includes('.')));
  // Only the embed options (keys without a dot) matter here; a widget's own settings may change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const params = useMemo(() => parseEmbedParams(query), [optionsKey]);
  const [theme, setTheme] = useState<PageTheme>(params.theme);
  const [notices, setNotices] = useState<readonly string[]>(params.notices);
  const measureRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    applyTheme(theme);
  }, [theme]);
  useLayoutEffect(() => () => applyTheme(null), []);

  const title = resolved.found ? resolved.title : 'Not found';
  useEffect(() => {
    document.title = `${title} · GPU Lab`;
  }, [title]);

  useEffect(() => {
    const measure = measureRef.current;
    if (!measure || target.kind === 'invalid') return;
    const bridge = startBridge({
      target: {
        kind: target.kind,
        id: target.kind === 'check' ? target.slug : target.id,
        lessonSlug: resolved.found ? resolved.lessonSlug : null,
      },
      params,
      measure,
      onTheme: setTheme,
      onNotice: (message) =>
        setNotices((prev) => (prev.includes(message) ? prev : [...prev, message])),
    });
    return () => bridge.stop();
    // The target is rebuilt with each route; its key says whether it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetKey, resolved, params, startBridge]);

  return (
    <ShareToolsContext.Provider value={params.tools}>
      <div
        ref={measureRef}
        className="embed-page"
        data-embed={resolved.found ? resolved.kind : 'not-found'}
      >
        {notices.length > 0 ? (
          <div className="embed-notices" role="status">
            <ul>
              {notices.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {resolved.found ? (
          <EmbedContent embed={resolved} scoring={params.scoring} loadQuestions={loadQuestions} />
        ) : (
          <div className="embed-not-found">
            <h1>Not found</h1>
            <p>
              There is no {resolved.asked} in GPU Lab. The link may be mistyped, or what it names
              was renamed.
            </p>
          </div>
        )}
        <footer className="embed-footer">
          <a
            href={currentSiteBase() + (resolved.found ? resolved.home.hash : '#/')}
            target="_blank"
            rel="noopener"
          >
            GPU Lab
            {resolved.found && resolved.home.title ? ` · ${resolved.home.title}` : ''}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </footer>
      </div>
    </ShareToolsContext.Provider>
  );
}

function EmbedContent({
  embed,
  scoring,
  loadQuestions,
}: {
  embed: FoundEmbed;
  scoring: ScorePolicy;
  loadQuestions?: QuestionsEmbedProps['load'];
}) {
  if (embed.kind === 'puzzle') {
    return (
      <>
        <h1 className="visually-hidden">{embed.title}</h1>
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <PuzzleEmbed id={embed.id} />
        </Suspense>
      </>
    );
  }
  if (embed.kind === 'triton') {
    return (
      <>
        <h1 className="visually-hidden">{embed.title}</h1>
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <TritonEmbed id={embed.id} />
        </Suspense>
      </>
    );
  }
  if (embed.kind === 'widget') {
    return (
      <>
        <h1 className="visually-hidden">{embed.title}</h1>
        <WidgetEmbed entry={embed.widget} />
      </>
    );
  }
  return (
    <>
      <h1 className={embed.kind === 'check' ? 'embed-title' : 'visually-hidden'}>{embed.title}</h1>
      <QuestionsEmbed
        mode={embed.kind}
        source={embed.source}
        questionIds={embed.questionIds}
        lessonSlug={embed.lessonSlug}
        lessonTitle={embed.home.title ?? ''}
        scoring={scoring}
        {...(loadQuestions ? { load: loadQuestions } : {})}
      />
    </>
  );
}
