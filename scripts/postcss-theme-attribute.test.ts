import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import {
  isDarkSchemeQuery,
  scopeSelector,
  themeAttributePlugin,
} from './postcss-theme-attribute.ts';

const run = (css: string) =>
  postcss([themeAttributePlugin()]).process(css, { from: undefined }).css;
const squash = (css: string) => css.replace(/\s+/g, ' ').trim();

describe('themeAttributePlugin', () => {
  it('limits the dark block to pages not forced light and copies it for pages forced dark', () => {
    const out = run(
      `:root { --bg: white; }\n@media (prefers-color-scheme: dark) { :root { --bg: black; } .card, html .x { color: red; } }\n.after { color: blue; }`,
    );
    expect(squash(out)).toBe(
      squash(`:root { --bg: white; }
@media (prefers-color-scheme: dark) {
  :root:where(:not([data-theme='light'])) { --bg: black; }
  :where(:root:not([data-theme='light'])) .card, html:where(:not([data-theme='light'])) .x { color: red; } }
:root:where([data-theme='dark']) { --bg: black; }
:where(:root[data-theme='dark']) .card, html:where([data-theme='dark']) .x { color: red; }
.after { color: blue; }`),
    );
  });

  it('makes color-scheme follow a forced theme after the :root rule that declares it', () => {
    const out = squash(run(':root { color-scheme: light dark; }'));
    expect(out).toBe(
      squash(`:root { color-scheme: light dark; }
:root:where([data-theme='light']) { color-scheme: light; }
:root:where([data-theme='dark']) { color-scheme: dark; }`),
    );
  });

  it('leaves other media queries, keyframe steps and plain CSS alone', () => {
    const css =
      '@media (prefers-color-scheme: light) { .a { color: red; } }\n@media (min-width: 600px) { .b { color: red; } }\n.c { color: red; }';
    expect(run(css)).toBe(css);
    const keyframes = run(
      '@media (prefers-color-scheme: dark) { @keyframes glow { from { opacity: 0; } to { opacity: 1; } } }',
    );
    expect(keyframes).toContain('from { opacity: 0; }');
    expect(keyframes).not.toContain(':where(:root:not');
  });

  it('does not add color-scheme rules for a :root rule without color-scheme', () => {
    expect(run(':root { --a: 1; }')).toBe(':root { --a: 1; }');
  });
});

describe('isDarkSchemeQuery and scopeSelector', () => {
  it('match the dark query whatever its spacing or case', () => {
    expect(isDarkSchemeQuery('( prefers-color-scheme :  DARK )')).toBe(true);
    expect(isDarkSchemeQuery('(prefers-color-scheme: dark) and (min-width: 1px)')).toBe(false);
  });

  it('put the condition on :root itself, or place the selector under it', () => {
    expect(scopeSelector(':root', '[x]')).toBe(':root:where([x])');
    expect(scopeSelector(':root .a', '[x]')).toBe(':root:where([x]) .a');
    expect(scopeSelector(':root-ish', '[x]')).toBe(':where(:root[x]) :root-ish');
    expect(scopeSelector(' .a > .b ', '[x]')).toBe(':where(:root[x]) .a > .b');
    expect(scopeSelector('html-like', '[x]')).toBe(':where(:root[x]) html-like');
  });
});
