import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lessonManifestPlugin } from './scripts/lesson-manifest-plugin.ts';
import { mdxOptions } from './scripts/mdx-options.ts';
import { mdxPlugin, widgetLessonsPlugin } from './scripts/vite-mdx-plugin.ts';
import { themeAttributePlugin } from './scripts/postcss-theme-attribute.ts';
import { questionIndexPlugin } from './scripts/question-index-plugin.ts';
import { glossaryPlugin } from './scripts/glossary-plugin.ts';
import { contentSecurityPolicy, cspMetaPlugin } from './scripts/csp.ts';
import { serviceWorkerPlugin } from './scripts/service-worker-plugin.ts';
import { widgetSharedChunkPlugin } from './scripts/widget-chunk.ts';

/** Vite configuration: MDX lessons compiled at build time, React, a lesson manifest. */
export default defineConfig({
  base: './',
  plugins: [
    lessonManifestPlugin(),
    questionIndexPlugin(),
    glossaryPlugin(),
    widgetLessonsPlugin(),
    mdxPlugin(mdxOptions),
    react({ include: /\.(jsx|tsx|js|ts|mdx)$/ }),
    cspMetaPlugin(),
    serviceWorkerPlugin(),
    widgetSharedChunkPlugin(),
  ],
  worker: { format: 'es' },
  // `data-theme` on <html> (set by embed pages) overrides prefers-color-scheme in every stylesheet.
  css: { postcss: { plugins: [themeAttributePlugin()] } },
  // The built app's policy as a header too (no frame-ancestors: embedding elsewhere is a feature).
  preview: { headers: { 'Content-Security-Policy': contentSecurityPolicy() } },
  build: { target: 'es2022', chunkSizeWarningLimit: 900 },
});
