import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The layer boundaries of docs/architecture.md, as lint rules: the engine and the torch
 * interpreter are pure, the GPU runtime knows no widget or React, widgets reach the runtime
 * only through src/gpu/index.ts and never import each other, and lessons reach widgets only
 * through the components map.
 */
const widgetFolders = readdirSync(new URL('./src/widgets', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Import patterns naming app layers, for the pure cores. */
const appLayers = (...layers) => layers.flatMap((layer) => [`**/${layer}`, `**/${layer}/**`]);

/** Browser globals the pure cores may not touch. */
const DOM_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'requestAnimationFrame',
  'HTMLElement',
  'GPUBufferUsage',
  'GPUMapMode',
  'GPUShaderStage',
].map((name) => ({ name, message: 'This layer is pure: no DOM and no WebGPU.' }));

const pureCore = (message) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: ['react', 'react-dom', 'zustand', '@mdx-js/react'].map((name) => ({
        name,
        message,
      })),
      patterns: [
        {
          group: appLayers('gpu', 'widgets', 'ui', 'app', 'lessons', 'store', 'state', 'cpu'),
          message,
        },
      ],
    },
  ],
  'no-restricted-globals': ['error', ...DOM_GLOBALS],
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', '.scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: pureCore('The cost engine is pure TypeScript: no React, DOM, GPU or app code.'),
  },
  {
    files: ['src/glossary/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: pureCore('The glossary is pure data: no React, DOM, GPU or app code.'),
  },
  {
    files: ['src/torch/**/*.ts', 'src/format/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: pureCore('This module is pure: no React, DOM, GPU or app code (engine only).'),
  },
  {
    files: ['src/gpu/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'zustand'].map((name) => ({
            name,
            message: 'The GPU runtime knows no React or stores.',
          })),
          patterns: [
            {
              group: appLayers('widgets', 'ui', 'app', 'lessons', 'store', 'state', 'torch'),
              message: 'The GPU runtime imports no widget, view, store or interpreter code.',
            },
          ],
        },
      ],
    },
  },
  // Outside src/gpu, the runtime is reached through its public surface only.
  ...['widgets', 'ui', 'store', 'state', 'app', 'lessons', 'bench'].map((layer) => ({
    files: [`src/${layer}/**/*.{ts,tsx}`],
    ignores: ['**/*.gpu.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/gpu/*', '!**/gpu/index'],
              message: 'Import the GPU runtime from src/gpu (its index.ts), not from its files.',
            },
            ...(layer === 'widgets'
              ? []
              : [
                  {
                    group: ['**/widgets/*/**', '!**/widgets/registry', '!**/widgets/schemas'],
                    message:
                      'Widgets are reached only through src/widgets/registry.ts (the components map) and schemas.ts.',
                  },
                ]),
          ],
        },
      ],
    },
  })),
  // A widget never imports another widget: what two share belongs in ui, store, state or format.
  ...widgetFolders.map((name) => ({
    files: [`src/widgets/${name}/**/*.{ts,tsx}`],
    ignores: ['**/*.gpu.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: widgetFolders
                .filter((other) => other !== name)
                .flatMap((other) => [`../${other}/*`, `**/widgets/${other}/*`]),
              message: `A widget never imports another widget; move what ${name} needs to src/ui, src/store, src/state or src/format.`,
            },
            {
              group: ['**/gpu/*', '!**/gpu/index'],
              message: 'Import the GPU runtime from src/gpu (its index.ts), not from its files.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
