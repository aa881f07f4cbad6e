/**
 * The dark theme changes colours only. The browser tests rely on it: a page checked with every
 * axe rule in the light theme is checked in the dark one with the rules that read colours
 * (tests/e2e/axe.ts), since the markup and the layout are the same. This test keeps that true:
 * every declaration inside a `prefers-color-scheme: dark` block of the app's CSS sets a colour.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss, { type AtRule } from 'postcss';
import { describe, expect, it } from 'vitest';
import { isDarkSchemeQuery } from '../../scripts/postcss-theme-attribute';

/** Properties that hold colours (or only paint: a shadow's colour comes with its offsets). */
const COLOUR_PROPERTIES =
  /^(color|background|background-color|border(-(top|right|bottom|left))?-color|outline-color|fill|stroke|box-shadow|text-shadow|text-decoration-color|caret-color|accent-color|column-rule-color|color-scheme)$/;

/** A custom property's value that reads as a colour (or a shadow, which is paint). */
const COLOUR_VALUE =
  /^(#[0-9a-f]{3,8}|(rgba?|hsla?|hwb|oklch|oklab|lab|lch|color-mix|color)\(.*\)|var\(--[\w-]+(,\s*[^;]+)?\)|transparent|currentcolor|[a-z]+|.*\b(rgba?|hsla?|oklch)\(.*\).*)$/i;

/** Every CSS file under `dir`. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** What a dark block declares that is not a colour, as `file: property: value`. */
function nonColourDeclarations(file: string, css: string): string[] {
  const found: string[] = [];
  postcss.parse(css, { from: file }).walkAtRules('media', (rule: AtRule) => {
    if (!isDarkSchemeQuery(rule.params)) return;
    rule.walkDecls((decl) => {
      const isColour = decl.prop.startsWith('--')
        ? COLOUR_VALUE.test(decl.value.trim())
        : COLOUR_PROPERTIES.test(decl.prop);
      if (!isColour) found.push(`${file}: ${decl.prop}: ${decl.value}`);
    });
  });
  return found;
}

const files = cssFiles('src');

describe('the dark theme', () => {
  it('is found: several stylesheets have a dark block', () => {
    const withDark = files.filter((f) =>
      /prefers-color-scheme:\s*dark/.test(readFileSync(f, 'utf8')),
    );
    expect(withDark.length).toBeGreaterThan(5);
  });

  it('sets colours only, so its markup and layout are the light theme’s', () => {
    const found = files.flatMap((f) => nonColourDeclarations(f, readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('would catch a dark block that changes layout (the check is not vacuous)', () => {
    const css =
      '@media (prefers-color-scheme: dark) { .a { color: #fff; padding: 4px; --gap: 2rem; } }';
    expect(nonColourDeclarations('x.css', css)).toEqual([
      'x.css: padding: 4px',
      'x.css: --gap: 2rem',
    ]);
  });
});
