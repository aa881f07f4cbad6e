/** The page's forced colour scheme, as `data-theme` on <html> (see scripts/postcss-theme-attribute.ts). */

/** A forced scheme, or null to follow the reader's prefers-color-scheme. */
export type PageTheme = 'light' | 'dark' | null;

/** Sets (or, for null, removes) `data-theme` on the document element. */
export function applyTheme(theme: PageTheme, root: HTMLElement = document.documentElement): void {
  if (theme === null) delete root.dataset.theme;
  else root.dataset.theme = theme;
}
