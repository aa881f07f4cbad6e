import { existsSync } from 'node:fs';
import { preview, type Plugin, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

let server: PreviewServer | undefined;

/**
 * Answers without compression. Vite's preview server gzips every response again on every
 * request, which cost 0.4 CPU-seconds per lesson load here (measured on the server's process
 * over five loads): on a two-core machine that is time taken from the browser the tests drive.
 * Over the loopback interface compression buys nothing, and the bytes the pages receive are the
 * same. Added as a plain hook (not a returned one), this runs before Vite's own middlewares.
 */
const sendUncompressed: Plugin = {
  name: 'e2e-send-uncompressed',
  configurePreviewServer(previewServer) {
    previewServer.middlewares.use((request, _response, next) => {
      delete request.headers['accept-encoding'];
      next();
    });
  },
};

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
    plugins: [sendUncompressed],
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
