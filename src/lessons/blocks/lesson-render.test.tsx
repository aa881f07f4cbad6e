// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate } from '@mdx-js/mdx';
import { act, render } from '@testing-library/react';
import type { MDXComponents } from 'mdx/types';
import * as runtime from 'react/jsx-runtime';
import { VFile } from 'vfile';
import { beforeEach, describe, expect, it } from 'vitest';
import { mdxOptions } from '../../../scripts/mdx-options';
import { buildManifest } from '../../../scripts/lesson-manifest-plugin';
import { slugFromPath } from '../frontmatter';
import { lessonComponentNames } from '../component-names';
import { WIDGETS } from '../../widgets/registry';
import { progressStore } from '../../store/progress';
import { eagerBlocks } from './testing/question-fixtures';

// The real lessons, rendered with the blocks; every widget tag is a stand-in (widgets are tested
// on their own), built from the list of allowed tags so new widgets need no change here.
const components: MDXComponents = {
  ...Object.fromEntries(
    lessonComponentNames(WIDGETS.map((w) => w.tag))
      .filter((name) => !(name in eagerBlocks))
      .map((name) => [name, () => <div data-widget={name} />]),
  ),
  ...eagerBlocks,
};

const contentDir = join(process.cwd(), 'content');
const lessons = readdirSync(contentDir).filter((f) => f.endsWith('.mdx'));
// The lesson pipeline's plugins; components come in as a prop rather than from a provider.
const { remarkPlugins, rehypePlugins } = mdxOptions;

beforeEach(() => {
  act(() => progressStore.getState().reset());
});

// The manifest of every lesson, read once (each lesson's title is checked against it).
const manifest = buildManifest(contentDir);

describe('the lessons rendered with the blocks', () => {
  it.each(lessons)('%s shows every block without a problem message', async (file) => {
    const path = join(contentDir, file);
    // Compiled with the lesson checks (mdxOptions' remark plugins), which throw on a problem.
    const { default: Content, frontmatter } = await evaluate(
      new VFile({ path, value: readFileSync(path, 'utf8') }),
      {
        remarkPlugins,
        rehypePlugins,
        ...runtime,
        baseUrl: import.meta.url,
      },
    );
    // The module exports the lesson's frontmatter beside its content.
    const title = manifest.find((l) => l.slug === slugFromPath(file))?.title;
    expect((frontmatter as { title?: string } | undefined)?.title).toBe(title);
    const { container } = render(<Content components={components} />);
    const source = readFileSync(path, 'utf8');
    const count = (tag: string) => (source.match(new RegExp(`<${tag}\\b`, 'g')) ?? []).length;
    // One walk of the lesson for all the checks below (each querySelectorAll walks it again).
    const all = [...container.querySelectorAll('*')];
    const withClass = (name: string) => all.filter((el) => el.classList.contains(name));
    expect(
      all.filter((el) => el.getAttribute('role') === 'alert'),
      'problem messages',
    ).toHaveLength(0);
    expect(withClass('quick-check')).toHaveLength(count('QuickCheck'));
    expect(withClass('annotated-code')).toHaveLength(count('AnnotatedCode'));
    expect(withClass('callout')).toHaveLength(count('Callout'));
    expect(withClass('task')).toHaveLength(count('Task'));
    // Every catalog value was resolved by the lesson check at compile time.
    expect(withClass('catalog-value').filter((el) => el.hasAttribute('data-kind'))).toHaveLength(
      count('CatalogValue'),
    );
    expect(withClass('catalog-value-missing')).toHaveLength(0);
    const details = all.filter(
      (el) => el.localName === 'details' && !el.classList.contains('qc-all'),
    );
    for (const el of details) {
      expect(el.firstElementChild?.tagName, 'summary first in <details>').toBe('SUMMARY');
    }
    const ids = all.filter((el) => el.hasAttribute('id')).map((el) => el.id);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'repeated ids',
    ).toEqual([]);
  });
});
