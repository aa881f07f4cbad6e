import type { Plugin } from 'vite';

/**
 * The Content-Security-Policy of the built app, one directive per entry. No inline script and no
 * eval: every script is a file from this origin (WGSL is compiled by WebGPU, which CSP does not
 * govern, and nothing here uses WebAssembly, so 'wasm-unsafe-eval' is absent). Styles: lazily
 * loaded widget CSS comes as files, and React and d3 set style attributes through the CSSOM,
 * which CSP allows, so 'unsafe-inline' is absent too. `connect-src` keeps `https:` because a
 * cmi5 launch names its learning record store (an LMS's host) only at run time.
 * `frame-ancestors` is deliberately not set: embedding lessons and widgets in other sites is a
 * feature, and a meta tag could not carry it anyway.
 */
export const CSP_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['worker-src', "'self' blob:"],
  ['connect-src', "'self' https:"],
  ['frame-src', "'self'"],
  ['manifest-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
];

/** The policy as one header or meta value ("default-src 'self'; script-src 'self'; …"). */
export function contentSecurityPolicy(): string {
  return CSP_DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * A Vite plugin that puts the policy into the built index.html as a `<meta http-equiv>` tag,
 * first in <head> so it governs everything after it. Build only: the dev server injects inline
 * scripts and styles (React refresh, CSS hot reload) that the policy would rightly block.
 */
export function cspMetaPlugin(policy = contentSecurityPolicy()): Plugin {
  return {
    name: 'gpu-lab-csp-meta',
    apply: 'build',
    transformIndexHtml() {
      return [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: policy },
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}
