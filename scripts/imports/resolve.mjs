/**
 * How an import names a file of this repository: a relative specifier resolved the way the
 * bundler resolves it (the file itself, then `.ts`, `.tsx`, `.d.ts`, then a folder's `index`),
 * with any `?raw`-style query dropped. Shared by the import graph and the lint rule, so both see
 * the same arrows.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

/**
 * The file `specifier` names from `fromFile` (both relative to `root`), as a path relative to
 * `root` with `/` separators; null for packages and virtual modules, or when nothing is there.
 */
export function resolveImport(root, fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const bare = specifier.replace(/[?#].*$/s, '');
  const base = resolve(root, dirname(fromFile), bare);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) {
      return relative(root, candidate).split(sep).join('/');
    }
  }
  return null;
}
