import { existsSync } from 'node:fs';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

let server: PreviewServer | undefined;

/** Serves the built app (dist/) on a free loopback port and hands its URL to the tests. */
export async function setup(project: TestProject) {
  if (!existsSync('dist/index.html')) {
    throw new Error(
      'dist/ is missing: run `npx vite build` first (scripts/browser-tests.sh does).',
    );
  }
  server = await preview({
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
    logLevel: 'warn',
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  project.provide('baseUrl', url);
}

/** Stops the server. */
export async function teardown() {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
