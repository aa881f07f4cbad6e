import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lessonManifestPlugin } from './scripts/lesson-manifest-plugin.ts';
import { mdxOptions } from './scripts/mdx-options.ts';
import { mdxPlugin } from './scripts/vite-mdx-plugin.ts';
import { questionIndexPlugin } from './scripts/question-index-plugin.ts';

/** Vite configuration: MDX lessons compiled at build time, React, a lesson manifest. */
export default defineConfig({
  base: './',
  plugins: [
    lessonManifestPlugin(),
    questionIndexPlugin(),
    mdxPlugin(mdxOptions),
    react({ include: /\.(jsx|tsx|js|ts|mdx)$/ }),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 900 },
});
