import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import {
  buildWidgetLessons,
  sliceQuestions,
  tagsInSource,
  wantsQuestionsOnly,
} from './vite-mdx-plugin.ts';

const LESSON = `---
title: T
order: 1
---

# Heading

Some prose with <Term id="warp">a term</Term> and a widget:

<Race tasks={10} />

<QuickCheck id="a" question="One?">
  <Choice correct explanation="yes">A</Choice>
  <Choice explanation="no">B</Choice>
</QuickCheck>

## Check yourself

Text between.

<NumericCheck id="b" question="Two?" scenario={{ "op": "matmul" }} unit="ms" />
`;

describe('sliceQuestions', () => {
  it('keeps the frontmatter and each question verbatim, and blanks the rest', () => {
    const sliced = sliceQuestions(LESSON);
    expect(sliced).toContain('---\ntitle: T\norder: 1\n---');
    expect(sliced).toContain(
      '<QuickCheck id="a" question="One?">\n  <Choice correct explanation="yes">A</Choice>',
    );
    expect(sliced).toContain(
      '<NumericCheck id="b" question="Two?" scenario={{ "op": "matmul" }} unit="ms" />',
    );
    for (const gone of ['Heading', 'prose', 'Race', 'Check yourself', 'Text between', 'Term']) {
      expect(sliced).not.toContain(gone);
    }
  });

  it('keeps every line and column where it was', () => {
    const sliced = sliceQuestions(LESSON);
    expect(sliced).toHaveLength(LESSON.length);
    const lines = LESSON.split('\n');
    sliced.split('\n').forEach((line, i) => {
      if (line.trim() !== '') expect(line).toBe(lines[i]);
    });
  });

  it('compiles to a module with only the questions in it', async () => {
    const code = String(await compile(sliceQuestions(LESSON)));
    expect(code).toContain('QuickCheck');
    expect(code).toContain('NumericCheck');
    expect(code).not.toContain('Race');
    expect(code).not.toContain('Some prose');
  });

  it('gives an all-blank text for a source without questions, and throws on broken MDX', () => {
    expect(sliceQuestions('# Just prose\n')).toBe('            \n');
    expect(() => sliceQuestions('<QuickCheck id="x"\n')).toThrow();
  });
});

describe('wantsQuestionsOnly', () => {
  it('is true only for ?embed=questions', () => {
    expect(wantsQuestionsOnly('/c/01-a.mdx?embed=questions')).toBe(true);
    expect(wantsQuestionsOnly('/c/01-a.mdx?import&embed=questions')).toBe(true);
    expect(wantsQuestionsOnly('/c/01-a.mdx')).toBe(false);
    expect(wantsQuestionsOnly('/c/01-a.mdx?embed=widget')).toBe(false);
  });
});

describe('widget lessons', () => {
  it('lists the tags a source places, not those in code or prose', () => {
    const source = 'Text `<AmdahlPlot />`\n\n```tsx\n<Explorer />\n```\n\n<Race />\n\n<Race />\n';
    expect(tagsInSource(source)).toEqual(['Race']);
  });

  it('maps each tag to the first lesson in file order, skipping a broken file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'widget-lessons-'));
    writeFileSync(join(dir, '02-later.mdx'), '<Race />\n\n<AmdahlPlot />\n');
    writeFileSync(join(dir, '01-first.mdx'), '<Race />\n');
    writeFileSync(join(dir, '03-broken.mdx'), '<Explorer\n');
    const warnings: string[] = [];
    expect(buildWidgetLessons(dir, (m) => warnings.push(m))).toEqual({
      Race: 'first',
      AmdahlPlot: 'later',
    });
    expect(warnings).toEqual([expect.stringMatching(/03-broken\.mdx left out/)]);
  });
});
