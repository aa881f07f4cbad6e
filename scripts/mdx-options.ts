import type { CompileOptions } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdxFrontmatter from 'remark-mdx-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import rehypeSlug from 'rehype-slug';
import { remarkLessonCheck } from './remark-lesson-check.ts';
import { remarkCodeAttribute } from './remark-code-attribute.ts';

/**
 * How lessons are compiled, shared by the Vite build and the content tests: frontmatter as an
 * export, GitHub tables, TeX math typeset by KaTeX (strict), heading ids, and the lesson check
 * that rejects unknown tags and malformed quick checks with file:line; code attributes keep
 * their indentation.
 */
export const mdxOptions = {
  providerImportSource: '@mdx-js/react',
  remarkPlugins: [
    remarkFrontmatter,
    [remarkMdxFrontmatter, { name: 'frontmatter' }],
    remarkGfm,
    remarkMath,
    remarkCodeAttribute,
    remarkLessonCheck,
  ],
  rehypePlugins: [rehypeSlug, [rehypeKatex, { strict: 'error' }]],
} satisfies CompileOptions;
