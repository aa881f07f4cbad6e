/**
 * `npm run -s package -- --base-url URL --format cmi5|scorm12 --out DIR [--items kind:id,...]`:
 * writes DIR/gpulab-<format>.zip, a package an LMS imports, of the whole course or the items
 * named (`lesson:serving,check:serving,widget:serving,puzzle:map`). Prints the zip's path; a bad
 * argument or item is reported on stderr with exit status 2.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildPackage, PACKAGE_FORMATS, type PackageFormat } from '../src/lms-package/index.ts';
import { readCourseCatalog } from './lms-catalog.ts';

const USAGE =
  'usage: npm run -s package -- --base-url URL --format cmi5|scorm12 --out DIR [--items lesson:SLUG,check:SLUG,widget:ID,puzzle:ID]';

function main(argv: readonly string[]): number {
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i] ?? '';
    const value = argv[i + 1];
    if (!['--base-url', '--format', '--out', '--items'].includes(key) || value === undefined) {
      process.stderr.write(`package: unexpected argument “${key}”\n${USAGE}\n`);
      return 2;
    }
    options.set(key, value);
  }
  const baseUrl = options.get('--base-url');
  const format = options.get('--format');
  const out = options.get('--out');
  if (!baseUrl || !format || !out) {
    process.stderr.write(`package: --base-url, --format and --out are required\n${USAGE}\n`);
    return 2;
  }
  if (!PACKAGE_FORMATS.some((f) => f === format)) {
    process.stderr.write(`package: the format “${format}” is not cmi5 or scorm12\n`);
    return 2;
  }
  try {
    const built = buildPackage(
      { baseUrl, format: format as PackageFormat, items: options.get('--items') },
      readCourseCatalog(),
    );
    mkdirSync(resolve(out), { recursive: true });
    const path = join(resolve(out), built.fileName);
    writeFileSync(path, built.zip);
    process.stdout.write(`${path}\n`);
    process.stderr.write(`package: ${built.items.length} items, ${built.zip.length} bytes\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`package: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
