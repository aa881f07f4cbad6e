import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import mdx from '@mdx-js/rollup';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdxFrontmatter from 'remark-mdx-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import rehypeSlug from 'rehype-slug';
import { lessonManifestPlugin } from './scripts/lesson-manifest-plugin.ts';
import { remarkLessonCheck } from './scripts/remark-lesson-check.ts';

/** Vite configuration: MDX lessons compiled at build time, React, a lesson manifest. */
export default defineConfig({
  base: './',
  plugins: [
    lessonManifestPlugin(),
    {
      enforce: 'pre',
      ...mdx({
        providerImportSource: '@mdx-js/react',
        remarkPlugins: [
          remarkFrontmatter,
          [remarkMdxFrontmatter, { name: 'frontmatter' }],
          remarkGfm,
          remarkMath,
          remarkLessonCheck,
        ],
        rehypePlugins: [rehypeSlug, [rehypeKatex, { strict: 'error' }]],
      }),
    },
    react({ include: /\.(jsx|tsx|js|ts|mdx)$/ }),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 900 },
});
