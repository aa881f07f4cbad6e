import { evaluate } from '@mdx-js/mdx';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { findFirstTerm, remarkGlossary } from './remark-glossary';

type Props = { id?: string; children?: ReactNode };
const stubs = {
  Term: ({ id, children }: Props) => h('mark', { 'data-id': id }, children),
  Callout: ({ children }: Props) => h('aside', null, children),
  QuickCheck: ({ children }: Props) => h('section', null, children),
  Choice: ({ children }: Props) => h('p', null, children),
  Other: ({ children }: Props) => h('div', null, children),
};

/** Compiles MDX with the glossary plugin and returns [id, text] for each linked term, in order. */
async function linked(source: string): Promise<[string, string][]> {
  const { default: Content } = await evaluate(new VFile({ path: 'content/t.mdx', value: source }), {
    ...runtime,
    remarkPlugins: [remarkGfm, remarkMath, remarkGlossary],
  });
  const html = renderToStaticMarkup(h(Content, { components: stubs }));
  return [...html.matchAll(/<mark data-id="([^"]+)">([^<]*)<\/mark>/g)].map((m) => [m[1]!, m[2]!]);
}

describe('remarkGlossary', () => {
  it('links only the first use of each term in a lesson', async () => {
    expect(
      await linked(
        'A warp has 32 threads.\n\nEvery warp runs one instruction; warps stall on HBM.',
      ),
    ).toEqual([
      ['warp', 'warp'],
      ['hbm', 'HBM'],
    ]);
  });

  it('links several terms in one paragraph, in order, keeping the text between them', async () => {
    const source = 'Copies from pinned memory cross PCIe, then kernels read HBM.';
    const { default: Content } = await evaluate(new VFile({ value: source }), {
      ...runtime,
      remarkPlugins: [remarkGlossary],
    });
    const html = renderToStaticMarkup(h(Content, { components: stubs }));
    expect(html).toBe(
      '<p>Copies from <mark data-id="pinned-memory">pinned memory</mark> cross <mark data-id="pcie">PCIe</mark>, then <mark data-id="kernel">kernels</mark> read <mark data-id="hbm">HBM</mark>.</p>',
    );
  });

  it('never links inside headings, code, math, links, tables or quick checks', async () => {
    const source = [
      '## The warp scheduler',
      '',
      'Inline `warp` code, a [warp link](#/x), and math $warp$.',
      '',
      '```python',
      'warp = 32',
      '```',
      '',
      '| warp | SM |',
      '|---|---|',
      '| warp | SM |',
      '',
      '<QuickCheck id="q" question="What is a warp?">',
      '  <Choice correct explanation="A warp is 32 threads.">A warp</Choice>',
      '</QuickCheck>',
      '',
      '<Other>A warp inside a widget.</Other>',
      '',
      'Now the prose says warp.',
    ].join('\n');
    expect(await linked(source)).toEqual([['warp', 'warp']]);
  });

  it('links inside callouts, emphasis and lists', async () => {
    const source = [
      '<Callout kind="note" title="The SM">',
      '',
      'Each SM holds **tensor cores**.',
      '',
      '</Callout>',
      '',
      '- a *warp* of threads',
    ].join('\n');
    expect(await linked(source)).toEqual([
      ['sm', 'SM'],
      ['tensor-core', 'tensor cores'],
      ['warp', 'warp'],
    ]);
  });

  it('matches whole words only, and prefers the longest spelling', async () => {
    expect(await linked('SMART people use a ring all-reduce, then an all-reduce.')).toEqual([
      ['ring-all-reduce', 'ring all-reduce'],
      ['all-reduce', 'all-reduce'],
    ]);
    expect(await linked('Unpinned memory is pageable.')).toEqual([['pageable-memory', 'pageable']]);
  });

  it('treats an explicit <Term> as the first use, and rejects an unknown id with file:line', async () => {
    expect(await linked('The <Term id="hbm">main memory</Term> is HBM.')).toEqual([
      ['hbm', 'main memory'],
    ]);
    await expect(linked('Some text.\n\nA <Term id="nope">thing</Term>.')).rejects.toThrow(
      /t\.mdx:3:3.*<Term> needs id="…" naming a glossary entry/s,
    );
  });
});

describe('findFirstTerm', () => {
  const needles = [
    { text: 'ring all-reduce', id: 'ring' },
    { text: 'all-reduce', id: 'ar' },
    { text: 'SM', id: 'sm' },
  ];

  it('returns the earliest whole-word use not yet linked', () => {
    expect(findFirstTerm('an SM and a ring all-reduce', needles, new Set())).toEqual({
      start: 3,
      end: 5,
      id: 'sm',
    });
    expect(findFirstTerm('an SM and a ring all-reduce', needles, new Set(['sm']))).toEqual({
      start: 12,
      end: 27,
      id: 'ring',
    });
    expect(findFirstTerm('SMs_x and xSM', needles, new Set())).toBeNull();
  });
});
