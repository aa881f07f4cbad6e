import type { CompileOptions } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdxFrontmatter from 'remark-mdx-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import rehypeSlug from 'rehype-slug';
import { remarkLessonCheck } from './remark-lesson-check.ts';
import { remarkCodeAttribute } from './remark-code-attribute.ts';
import { remarkGlossary } from './remark-glossary.ts';
import { rehypeHighlightCode, remarkHighlightAnnotatedCode } from './highlight-code.ts';

/**
 * How lessons are compiled, shared by the Vite build and the content tests: frontmatter as an
 * export, GitHub tables, TeX math typeset by KaTeX (strict), heading ids, and the lesson check
 * that rejects unknown tags and malformed quick checks with file:line; code attributes keep
 * their indentation; the first use of each glossary term links to its entry; code is highlighted
 * at build time (fences and AnnotatedCode), so highlight.js never reaches the browser.
 */
export const mdxOptions = {
  providerImportSource: '@mdx-js/react',
  remarkPlugins: [
    remarkFrontmatter,
    [remarkMdxFrontmatter, { name: 'frontmatter' }],
    remarkGfm,
    remarkMath,
    remarkCodeAttribute,
    remarkHighlightAnnotatedCode,
    remarkLessonCheck,
    remarkGlossary,
  ],
  rehypePlugins: [rehypeSlug, [rehypeKatex, { strict: 'error' }], rehypeHighlightCode],
} satisfies CompileOptions;
