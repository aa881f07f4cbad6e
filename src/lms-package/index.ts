/**
 * Course packages an LMS imports: a cmi5 course structure or a SCORM 1.2 content package of the
 * whole course or chosen items, as a zip (fflate). Pure: the course's catalog comes in as data.
 */
import { strToU8, zipSync } from 'fflate';
import { cmi5Xml } from './cmi5';
import {
  normalizeBaseUrl,
  parseItemList,
  resolveItems,
  wholeCourse,
  type CourseCatalog,
  type PackageItem,
} from './items';
import { LAUNCH_CSS, LAUNCH_JS, launchPage, scormManifest } from './scorm12';

export {
  CHECK_MASTERY,
  ITEM_KINDS,
  PackageItemError,
  normalizeBaseUrl,
  parseItemList,
  resolveItems,
  wholeCourse,
  type CourseCatalog,
  type ItemKind,
  type PackageItem,
} from './items';
export { cmi5Xml, CMI5_NAMESPACE, moveOnOf } from './cmi5';
export { launchPage, launchPageName, scormEmbedUrl, scormManifest, LAUNCH_JS } from './scorm12';

/** The package formats. */
export const PACKAGE_FORMATS = ['cmi5', 'scorm12'] as const;
export type PackageFormat = (typeof PACKAGE_FORMATS)[number];

/** What to package. */
export interface PackageRequest {
  /** Where GPU Lab is served (http or https). */
  baseUrl: string;
  format: PackageFormat;
  /** `lesson:serving,check:serving,widget:race`; empty or absent: the whole course. */
  items?: string;
}

/** A built package: its files by path, the zip of them, and its name. */
export interface BuiltPackage {
  fileName: string;
  items: PackageItem[];
  files: Record<string, string>;
  zip: Uint8Array;
}

const COURSE = {
  title: 'GPU Lab',
  description:
    'An interactive course on how GPUs run deep learning, with PyTorch: lessons, quick checks, live widgets and WGSL puzzles.',
};

/** Builds a package; a bad base URL, format or item throws an error that names it. */
export function buildPackage(request: PackageRequest, catalog: CourseCatalog): BuiltPackage {
  const base = normalizeBaseUrl(request.baseUrl);
  if (!PACKAGE_FORMATS.some((f) => f === request.format)) {
    throw new Error(`The format “${String(request.format)}” is not cmi5 or scorm12.`);
  }
  const wanted = request.items?.trim() ? parseItemList(request.items) : wholeCourse(catalog);
  const items = resolveItems(wanted, catalog);
  const files: Record<string, string> = {};
  if (request.format === 'cmi5') {
    files['cmi5.xml'] = cmi5Xml(base, items, COURSE);
  } else {
    files['imsmanifest.xml'] = scormManifest(items, { id: 'gpulab-course', ...COURSE });
    files['launch.js'] = LAUNCH_JS;
    files['launch.css'] = LAUNCH_CSS;
    for (const item of items) files[`${item.kind}-${item.id}.html`] = launchPage(base, item);
  }
  const zip = zipSync(
    Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])),
    { mtime: new Date('2026-01-01T00:00:00Z') },
  );
  return { fileName: `gpulab-${request.format}.zip`, items, files, zip };
}
