/**
 * The HTML a teacher pastes to embed a widget, a question or a lesson check on another site: an
 * `<iframe>` on the embed route with the current settings, and the optional resizer script.
 * Pure; every attribute value is HTML-escaped.
 */
import { buildHash, parseQuery, splitHash } from '../../state/query';
import type { UrlPair } from '../../state/pairs';

/** Theme choices of an embed: null follows the host page's reader (prefers-color-scheme). */
export type EmbedTheme = 'light' | 'dark' | null;

/** Smallest and largest iframe height offered, in CSS pixels. */
export const EMBED_HEIGHT_LIMITS = { min: 100, max: 10_000 } as const;

/**
 * The permissions the iframe asks its host page for: only the clipboard, for the embed's own
 * Copy buttons. WebGPU is no permissions-policy feature (the WebGPU group chose not to gate it,
 * so a cross-origin frame in a secure context has it without asking), and Chromium logs
 * "Unrecognized feature" for any name it does not know.
 */
export const EMBED_ALLOW = 'clipboard-write';

/** What an embed snippet is built from. */
export interface EmbedSnippetOptions {
  /** The GPU Lab page without search or hash (`https://host/gpu-lab/`). */
  siteBase: string;
  /** The embed route's path: `/embed/race`, `/embed/quiz/<id>`, `/embed/check/<slug>`. */
  path: string;
  /** Widget settings (`race.tasks=1000`), in order; none for questions. */
  pairs: readonly UrlPair[];
  theme: EmbedTheme;
  heightPx: number;
  /** The iframe's accessible name ("CPU vs GPU race · GPU Lab"). */
  title: string;
  /** Whether to add the `<script>` that resizes the iframe to its content. */
  withScript: boolean;
}

/** Escapes text for a double-quoted HTML attribute value (and for text between tags). */
export function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** A height as offered: a whole number of pixels within the limits; anything else is null. */
export function checkEmbedHeight(text: string): number | null {
  if (!/^\s*\d{1,6}\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= EMBED_HEIGHT_LIMITS.min && value <= EMBED_HEIGHT_LIMITS.max ? value : null;
}

/** The iframe's address: `<siteBase>#<path>?<pairs>&theme=…`. */
export function embedSrc({
  siteBase,
  path,
  pairs,
  theme,
}: Pick<EmbedSnippetOptions, 'siteBase' | 'path' | 'pairs' | 'theme'>): string {
  const all: UrlPair[] = [...pairs];
  if (theme) all.push(['theme', theme]);
  return siteBase + buildHash(path, all);
}

/** The resizer script's address, beside the page (`https://host/gpu-lab/embed.js`). */
export function embedScriptSrc(siteBase: string): string {
  try {
    return new URL('embed.js', siteBase).href;
  } catch {
    return `${siteBase.replace(/[^/]*$/, '')}embed.js`;
  }
}

/** The snippet: the iframe on one line, then the script line when asked for. */
export function embedSnippet(options: EmbedSnippetOptions): string {
  const height = Math.round(
    Math.min(EMBED_HEIGHT_LIMITS.max, Math.max(EMBED_HEIGHT_LIMITS.min, options.heightPx)),
  );
  const attrs: [string, string][] = [
    ['src', embedSrc(options)],
    ['title', options.title],
    ['width', '100%'],
    ['height', String(height)],
    ['style', 'border: 0'],
    ['loading', 'lazy'],
    ['allow', EMBED_ALLOW],
  ];
  const iframe = `<iframe ${attrs.map(([k, v]) => `${k}="${escapeAttribute(v)}"`).join(' ')}></iframe>`;
  if (!options.withScript) return iframe;
  const script = `<script src="${escapeAttribute(embedScriptSrc(options.siteBase))}" async></script>`;
  return `${iframe}\n${script}`;
}

/**
 * What a widget's share link gives its embed snippet: the site base (search and hash dropped)
 * and the settings pairs renamed from the instance prefix (`race-b.tasks`) to the widget id
 * (`race.tasks`), since an embed shows one widget under its own id.
 */
export function embedPartsFromShareUrl(
  shareUrl: string,
  prefix: string,
  widgetId: string,
): { siteBase: string; pairs: UrlPair[] } {
  const at = shareUrl.indexOf('#');
  const hash = at < 0 ? '' : shareUrl.slice(at);
  const siteBase = siteBaseOfLink(shareUrl);
  const head = `${prefix}.`;
  const pairs: UrlPair[] = [];
  for (const [key, value] of parseQuery(splitHash(hash).query).params) {
    if (key.startsWith(head)) pairs.push([`${widgetId}.${key.slice(head.length)}`, value]);
  }
  return { siteBase, pairs };
}

/** A link's page without search or hash: the site base embeds are named by. */
export function siteBaseOfLink(link: string): string {
  const at = link.indexOf('#');
  return (at < 0 ? link : link.slice(0, at)).replace(/\?.*$/s, '');
}

/** The current page without search or hash, as embeds name it (browser only). */
export function currentSiteBase(): string {
  return `${window.location.origin}${window.location.pathname}`;
}
