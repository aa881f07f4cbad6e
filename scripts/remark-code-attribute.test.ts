import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { remarkCodeAttribute, templateLiteralText } from './remark-code-attribute';

describe('templateLiteralText', () => {
  it('returns the literal text with escapes undone', () => {
    expect(templateLiteralText('code={`a\\`b\\\\c`}')).toBe('a`b\\c');
  });

  it('leaves literals with substitutions to MDX', () => {
    expect(templateLiteralText('code={`x = ${y}`}')).toBeNull();
  });
});

describe('remarkCodeAttribute', () => {
  const src = 'Hi\n\n<X code={`def f():\n    if x:\n        return 1\n`} />\n';

  it('keeps the indentation MDX would otherwise strip', async () => {
    const withPlugin = String(await compile(src, { remarkPlugins: [remarkCodeAttribute] }));
    expect(withPlugin).toContain('"def f():\\n    if x:\\n        return 1\\n"');
  });

  it('is needed: without it MDX loses two spaces per line', async () => {
    const without = String(await compile(src));
    expect(without).toContain('  if x:\n      return 1');
  });
});
