import { existsSync } from 'node:fs';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

let server: PreviewServer | undefined;

/**
 * Serves the built app on a free loopback port and hands its URL to the tests. The build is
 * dist/, or the folder named by E2E_DIST (so a second build can be tested beside the first).
 */
export async function setup(project: TestProject) {
  const outDir = process.env.E2E_DIST ?? 'dist';
  if (!existsSync(`${outDir}/index.html`)) {
    throw new Error(
      `${outDir}/ is missing: run \`npx vite build\` first (scripts/browser-tests.sh does).`,
    );
  }
  server = await preview({
    build: { outDir },
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
