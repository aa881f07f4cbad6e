import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  isPrecached,
  precacheManifest,
  serviceWorkerSource,
  SERVICE_WORKER_FILE,
} from './service-worker-plugin';
import { contentSecurityPolicy } from './csp';

describe('isPrecached', () => {
  it('keeps pages, chunks, workers, styles, WOFF2 fonts and public files', () => {
    for (const f of [
      'index.html',
      'assets/index-abc.js',
      'assets/race.worker-x.js',
      'assets/AmdahlPlot-1.css',
      'assets/KaTeX_Main-Regular-B2.woff2',
      'favicon.svg',
      'manifest.webmanifest',
      'examples/memory-snapshot-example.pickle',
    ]) {
      expect(isPrecached(f), f).toBe(true);
    }
  });
  it('leaves out the worker itself, source maps and the WOFF/TTF font fallbacks', () => {
    for (const f of [SERVICE_WORKER_FILE, 'assets/a.js.map', 'assets/K.woff', 'assets/K.ttf']) {
      expect(isPrecached(f), f).toBe(false);
    }
  });
});

describe('precacheManifest', () => {
  const files = [
    { fileName: 'assets/b.js', content: 'b' },
    { fileName: 'index.html', content: '<html>' },
    { fileName: 'assets/a.css', content: new Uint8Array([1, 2, 3]) },
    { fileName: 'assets/b.js.map', content: '{}' },
  ];
  it('lists files sorted and relative to the build root', () => {
    expect(precacheManifest(files).urls).toEqual([
      './assets/a.css',
      './assets/b.js',
      './index.html',
    ]);
  });
  it('has a version that follows the content, not the order of the files', () => {
    const { version } = precacheManifest(files);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(precacheManifest([...files].reverse()).version).toBe(version);
    const changed = files.map((f) => (f.fileName === 'index.html' ? { ...f, content: '<p>' } : f));
    expect(precacheManifest(changed).version).not.toBe(version);
    // A source map is not precached, so it does not change the version either.
    const mapChanged = files.map((f) => (f.fileName.endsWith('.map') ? { ...f, content: '1' } : f));
    expect(precacheManifest(mapChanged).version).toBe(version);
  });
  it('gives an empty build an empty list', () => {
    expect(precacheManifest([]).urls).toEqual([]);
  });
});

describe('serviceWorkerSource', () => {
  const source = serviceWorkerSource(['./index.html', "./assets/it's.js"], 'abc123');
  it('is valid JavaScript with the list and version embedded as data', () => {
    expect(() => new Script(source)).not.toThrow();
    expect(source).toContain('"abc123"');
    expect(source).toContain(`["./index.html","./assets/it's.js"]`);
  });
  it('waits to be asked before taking over, and deletes old caches on activate', () => {
    expect(source).toMatch(/type === 'skip-waiting'\) self\.skipWaiting\(\)/);
    expect(source).not.toMatch(/'install'[\s\S]*skipWaiting[\s\S]*'message'/);
    expect(source).toContain('caches.delete(key)');
    expect(source).toContain('self.clients.claim()');
  });
});

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy();
  it('allows no inline script and no eval', () => {
    const script = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(script).toBe("'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain("'unsafe-inline'");
    expect(policy).toContain("object-src 'none'");
  });
  it('never restricts who may embed the app', () => {
    expect(policy).not.toContain('frame-ancestors');
  });
});
