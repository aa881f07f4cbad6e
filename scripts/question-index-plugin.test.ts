import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildQuestionIndex, questionsInSource } from './question-index-plugin.ts';

const SOURCE = `---
title: A lesson
---

Intro with a <QuickCheck id="before-any-heading" question="Q?">x</QuickCheck> inline.

## Counting \`cores\` and $x^{2}$

<QuickCheck id="first" question="Q?">
  <Choice correct explanation="e">a</Choice>
</QuickCheck>

<Race instance="b" id="not-a-question" />

## Counting cores and x2

### A smaller part

<NumericCheck id="second" question="How long?" />

<QuickCheck id="elsewhere" teaches="other-lesson/its-section" question="Q?" />

\`\`\`
<QuickCheck id="in-a-code-block" />
\`\`\`
`;

describe('question index', () => {
  it('places each question under the nearest heading, with ids made like the page makes them', () => {
    const here = { slug: 'some-lesson', inKnowledgeCheck: false };
    const found = questionsInSource('content/03-some-lesson.mdx', SOURCE);
    expect(found.questions).toEqual({
      'before-any-heading': { ...here, section: null, heading: null },
      first: { ...here, section: 'counting-cores-and-x2', heading: 'Counting cores and x^{2}' },
      second: { ...here, section: 'a-smaller-part', heading: 'A smaller part' },
      // A question naming the section that teaches it is placed there.
      elsewhere: { ...here, slug: 'other-lesson', section: 'its-section', heading: null },
    });
    expect(found.headings).toEqual({
      'counting-cores-and-x2': 'Counting cores and x^{2}',
      'counting-cores-and-x2-1': 'Counting cores and x2',
      'a-smaller-part': 'A smaller part',
    });
  });

  it('finds every quick check of the course in its lesson', () => {
    const index = buildQuestionIndex(resolve('content'));
    expect(index['why-gpus-amdahl-step']).toMatchObject({ slug: 'why-gpus' });
    expect(index['memory-budget']).toMatchObject({ slug: 'gpu-memory' });
    expect(Object.values(index).every((q) => q.section !== null)).toBe(true);
    // The knowledge check's questions point at the lesson sections that teach them.
    const fromCheck = Object.values(index).filter((q) => q.inKnowledgeCheck);
    for (const q of fromCheck) expect(q.heading, `${q.slug}/${q.section}`).not.toBeNull();
  });

  it('leaves out a file that does not parse, saying which, and keeps the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'question-index-'));
    mkdirSync(join(dir, 'checks'));
    writeFileSync(join(dir, '01-good.mdx'), '## Part\n\n<QuickCheck id="ok" question="Q?" />\n');
    writeFileSync(join(dir, 'checks', 'broken.mdx'), '<QuickCheck id="x"\n\n## never closed\n');
    const warnings: string[] = [];
    const index = buildQuestionIndex(dir, (m) => warnings.push(m));
    expect(index).toEqual({
      ok: { slug: 'good', section: 'part', heading: 'Part', inKnowledgeCheck: false },
    });
    expect(warnings).toEqual([expect.stringMatching(/broken\.mdx left out/)]);
  });
});
