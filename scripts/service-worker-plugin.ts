import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** The file name of the emitted service worker, at the root of the build. */
export const SERVICE_WORKER_FILE = 'sw.js';

/** Prefix of every cache the worker owns; caches with it but another version are deleted. */
export const CACHE_PREFIX = 'gpu-lab-';

/** One file of the build: its path relative to the build root and its bytes (or text). */
export interface BuiltFile {
  fileName: string;
  content: string | Uint8Array;
}

/**
 * Whether a built file belongs in the precache. Source maps are for developers; KaTeX's .woff
 * and .ttf fonts are fallbacks for browsers without WOFF2 (every browser with WebGPU has it), so
 * only .woff2 is precached and the others are cached the first time a browser asks for them.
 */
export function isPrecached(fileName: string): boolean {
  if (fileName === SERVICE_WORKER_FILE) return false;
  if (fileName.endsWith('.map')) return false;
  if (/\.(woff|ttf)$/.test(fileName)) return false;
  return true;
}

/**
 * The precache list and the version of a build: paths sorted, relative (`./assets/x.js`, so the
 * app works from a sub-path), and a version that changes when any precached byte changes.
 */
export function precacheManifest(files: readonly BuiltFile[]): { urls: string[]; version: string } {
  const kept = files.filter((f) => isPrecached(f.fileName));
  kept.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  const hash = createHash('sha256');
  for (const f of kept) {
    hash.update(f.fileName);
    hash.update('\0');
    hash.update(f.content);
    hash.update('\0');
  }
  return {
    urls: kept.map((f) => `./${f.fileName}`),
    version: hash.digest('hex').slice(0, 16),
  };
}

/**
 * The service worker's source for a precache list and version. Strategy: precache everything on
 * install (the new worker then waits until the page asks it to take over); on activate, delete
 * the caches of older versions and take control of open pages; pages (navigations) go to the
 * network first so content is never stale while online, with the cached index.html as the
 * offline fallback; every other same-origin GET is served from the cache first (file names
 * carry content hashes), else fetched and cached for next time.
 */
export function serviceWorkerSource(urls: readonly string[], version: string): string {
  return `// GPU Lab service worker, generated at build time by scripts/service-worker-plugin.ts.
const VERSION = ${JSON.stringify(version)};
const CACHE = ${JSON.stringify(CACHE_PREFIX)} + VERSION;
const PRECACHE = ${JSON.stringify(urls)};
const INDEX = new URL('./index.html', self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))),
    ),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
  if (event.data && event.data.type === 'version' && event.ports[0]) {
    event.ports[0].postMessage(VERSION);
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith(${JSON.stringify(CACHE_PREFIX)}) && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirstPage(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const options = { ignoreVary: true };
    const cached = (await cache.match(key, options)) || (await cache.match(INDEX, options));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  // Vite's preview server answers with \`Vary: Origin\`, and module scripts send an Origin that
  // the precache requests did not: a hashed file is the same file whoever asks.
  const cached = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (!url.href.startsWith(self.registration.scope)) return;
  const path = url.pathname.slice(new URL(self.registration.scope).pathname.length);
  if (request.mode === 'navigate' || path === '' || path.endsWith('.html')) {
    // A page: its cache key has no query (a launch URL's parameters) and no fragment.
    const key = path === '' ? INDEX : url.origin + url.pathname;
    event.respondWith(networkFirstPage(request, key));
  } else {
    event.respondWith(cacheFirst(request));
  }
});
`;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else out.push(path);
  }
  return out;
}

/**
 * A Vite plugin (build only) that emits `sw.js` beside index.html with a precache of every file
 * the build emits (HTML, entry and lazy chunks, workers, CSS, WOFF2 fonts) and every file copied
 * from public/ (favicon, icons, manifest, examples), and a version hash of their contents.
 */
export function serviceWorkerPlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'gpu-lab-service-worker',
    apply: 'build',
    // After Vite's own plugins, so index.html and the CSS files are already in the bundle.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const files: BuiltFile[] = Object.values(bundle).map((item) => ({
        fileName: item.fileName,
        content: item.type === 'chunk' ? item.code : item.source,
      }));
      const publicDir = config?.publicDir;
      if (publicDir && config?.build.copyPublicDir !== false) {
        for (const path of listFiles(publicDir)) {
          files.push({
            fileName: relative(publicDir, path).split(sep).join('/'),
            content: readFileSync(path),
          });
        }
      }
      const { urls, version } = precacheManifest(files);
      this.emitFile({
        type: 'asset',
        fileName: SERVICE_WORKER_FILE,
        source: serviceWorkerSource(urls, version),
      });
    },
  };
}
