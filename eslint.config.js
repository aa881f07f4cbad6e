import { relative, sep } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import {
  FORBIDDEN_PACKAGES,
  FORBIDDEN_PURE_GLOBALS,
  importProblem,
  LAYERS,
} from './scripts/imports/layers.mjs';
import { resolveImport } from './scripts/imports/resolve.mjs';

/**
 * The layers of src/ as lint rules, all read from one table (scripts/imports/layers.mjs, drawn in
 * docs/architecture.md): which layer may import which, the public faces, widgets never importing
 * each other, and what pure layers may not use. The layer test (tests/unit/layers.test.ts) checks
 * the same table over the whole import graph, with no import circles.
 */
const root = process.cwd();

/** `layers/allowed-imports`: every import of a file under src/ must be one the table allows. */
const layersPlugin = {
  rules: {
    'allowed-imports': {
      meta: { type: 'problem', docs: { description: 'imports follow the layer table' } },
      create(context) {
        const file = relative(root, context.filename).split(sep).join('/');
        if (!file.startsWith('src/')) return {};
        const check = (node, source) => {
          if (!source || typeof source.value !== 'string') return;
          const to = resolveImport(root, file, source.value);
          const problem = to && importProblem(file, to);
          if (problem) context.report({ node, message: problem });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
        };
      },
    },
  },
};

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

/** What a layer that runs 'pure' or 'no-react' may not use, from the table. */
const runtimeRules = LAYERS.filter((layer) => layer.runs).map((layer) => ({
  files: [`${layer.path}/**/*.{ts,tsx}`],
  ignores: TESTS,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: FORBIDDEN_PACKAGES[layer.runs].map((name) => ({
          name,
          message: `${layer.name} runs ${layer.runs}: no React or stores (scripts/imports/layers.mjs).`,
        })),
      },
    ],
    ...(layer.runs === 'pure'
      ? {
          'no-restricted-globals': [
            'error',
            ...FORBIDDEN_PURE_GLOBALS.map((name) => ({
              name,
              message: `${layer.name} is pure: no DOM and no WebGPU (scripts/imports/layers.mjs).`,
            })),
          ],
        }
      : {}),
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', '.scratch', 'tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, layers: layersPlugin },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'layers/allowed-imports': 'error',
    },
  },
  ...runtimeRules,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
