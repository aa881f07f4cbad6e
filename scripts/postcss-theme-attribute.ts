import type { AtRule, Container, Plugin, Rule } from 'postcss';

/**
 * A PostCSS plugin that lets `<html data-theme="light|dark">` override the reader's colour
 * scheme (an embedding page picks one). Each `@media (prefers-color-scheme: dark) { … }` block
 * becomes:
 * - the same block with every selector limited to `:root:not([data-theme='light'])`, so a forced
 *   light theme wins over a dark system setting;
 * - right after it, a copy outside the media query limited to `:root[data-theme='dark']`, so a
 *   forced dark theme applies on a light system.
 * The conditions are wrapped in `:where()` (`:root` itself becomes `:root:where(…)`), which adds
 * no specificity: the cascade between rules stays exactly what the stylesheet's author wrote.
 * Where a `:root` rule declares `color-scheme`, rules follow it that set `color-scheme: light`
 * or `dark` under a forced theme, so form controls and scrollbars match.
 */
export function themeAttributePlugin(): Plugin {
  return {
    postcssPlugin: 'gpu-lab-theme-attribute',
    Once(root, { Rule, Declaration }) {
      root.walkAtRules('media', (media) => {
        if (!isDarkSchemeQuery(media.params)) return;
        const forcedDark = media.clone();
        scopeRules(media, DARK_UNLESS_LIGHT);
        scopeRules(forcedDark, FORCED_DARK);
        media.after(forcedDark.nodes ?? []);
      });
      root.walkRules((rule) => {
        if (rule.parent?.type !== 'root') return;
        if (rule.selector.trim() !== ':root') return;
        if (!rule.some((n) => n.type === 'decl' && n.prop === 'color-scheme')) return;
        // Built as nodes carrying the :root rule's source, so later plugins (Vite's URL
        // rewriting) know which file they come from.
        const source = rule.source;
        const scheme = (theme: 'light' | 'dark') =>
          new Rule({
            selector: `:root:where([data-theme='${theme}'])`,
            raws: { before: '\n' },
            source,
          }).append(new Declaration({ prop: 'color-scheme', value: theme, source }));
        rule.after([scheme('light'), scheme('dark')]);
      });
    },
  };
}
themeAttributePlugin.postcss = true as const;

/** The condition inside the media query: dark unless the page forces light. */
const DARK_UNLESS_LIGHT = ":not([data-theme='light'])";
/** The condition of the copy outside it: the page forces dark. */
const FORCED_DARK = "[data-theme='dark']";

/** Whether a media query is exactly `(prefers-color-scheme: dark)` (spacing and case aside). */
export function isDarkSchemeQuery(params: string): boolean {
  return params.replace(/\s+/g, '').toLowerCase() === '(prefers-color-scheme:dark)';
}

/**
 * One selector limited to documents whose root matches `condition` (an attribute test):
 * `:root` and `html` (alone or compound) take the condition on themselves, any other selector
 * is placed under `:where(:root<condition>)`.
 */
export function scopeSelector(selector: string, condition: string): string {
  const s = selector.trim();
  const head = /^(:root|html)(?![\w-])/.exec(s);
  if (head) return `${head[1]}:where(${condition})${s.slice(head[0].length)}`;
  return `:where(:root${condition}) ${s}`;
}

/** Rewrites the selectors of every rule in a container (keyframe steps left alone). */
function scopeRules(container: Container, condition: string): void {
  container.walkRules((rule: Rule) => {
    if (isInKeyframes(rule)) return;
    rule.selectors = rule.selectors.map((s) => scopeSelector(s, condition));
  });
}

function isInKeyframes(rule: Rule): boolean {
  let parent = rule.parent as Container | undefined;
  while (parent) {
    if (parent.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return true;
    parent = parent.parent as Container | undefined;
  }
  return false;
}
