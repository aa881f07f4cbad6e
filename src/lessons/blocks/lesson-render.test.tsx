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
    const title = buildManifest(contentDir).find((l) => l.slug === slugFromPath(file))?.title;
    expect((frontmatter as { title?: string } | undefined)?.title).toBe(title);
    const { container } = render(<Content components={components} />);
    const source = readFileSync(path, 'utf8');
    const count = (tag: string) => (source.match(new RegExp(`<${tag}\\b`, 'g')) ?? []).length;
    expect(container.querySelectorAll('[role="alert"]'), 'problem messages').toHaveLength(0);
    expect(container.querySelectorAll('.quick-check')).toHaveLength(count('QuickCheck'));
    expect(container.querySelectorAll('.annotated-code')).toHaveLength(count('AnnotatedCode'));
    expect(container.querySelectorAll('.callout')).toHaveLength(count('Callout'));
    expect(container.querySelectorAll('.task')).toHaveLength(count('Task'));
    // Every catalog value was resolved by the lesson check at compile time.
    expect(container.querySelectorAll('.catalog-value[data-kind]')).toHaveLength(
      count('CatalogValue'),
    );
    expect(container.querySelectorAll('.catalog-value-missing')).toHaveLength(0);
    for (const details of container.querySelectorAll('details:not(.qc-all)')) {
      expect(details.firstElementChild?.tagName, 'summary first in <details>').toBe('SUMMARY');
    }
    const ids = Array.from(container.querySelectorAll('[id]'), (el) => el.id);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'repeated ids',
    ).toEqual([]);
  });
});
