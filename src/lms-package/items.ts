/**
 * What a course package holds: the items an instructor picks (lessons, lesson checks, widgets,
 * puzzles), read from `kind:id` text and looked up in the course's catalog, and where each one's
 * embed lives. Pure: the catalog is passed in (the CLI reads it from the sources, the guide's
 * button from the build).
 */

/** The kinds of item a package can hold. */
export const ITEM_KINDS = ['lesson', 'check', 'widget', 'puzzle'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** What the course offers, as the package builder needs it. */
export interface CourseCatalog {
  /** Lessons in course order; `hasCheck` when the lesson ends with "Check yourself" questions. */
  lessons: readonly { slug: string; title: string; summary: string; hasCheck: boolean }[];
  widgets: readonly { id: string; title: string }[];
  puzzles: readonly { id: string; title: string }[];
}

/** One item of a package, looked up. */
export interface PackageItem {
  kind: ItemKind;
  id: string;
  title: string;
  description: string;
  /** The embed's hash, without query (`#/embed/check/serving`). */
  embedHash: string;
  /** The lesson page to read alongside (lessons and checks), as a hash; null for others. */
  lessonHash: string | null;
  /** Share of the check to get right to pass (checks only); null: completion is enough. */
  mastery: number | null;
}

/** The mastery level of a check item: 80 % of its questions right. */
export const CHECK_MASTERY = 0.8;

/** A package request that names something the course does not have, or is malformed. */
export class PackageItemError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackageItemError';
  }
}

/** Reads `lesson:serving,check:serving,widget:race` into kind and id pairs, in order, without repeats. */
export function parseItemList(text: string): { kind: ItemKind; id: string }[] {
  const out: { kind: ItemKind; id: string }[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const colon = part.indexOf(':');
    const kind = part.slice(0, colon);
    const id = part.slice(colon + 1);
    if (colon < 0 || !ITEM_KINDS.some((k) => k === kind) || !/^[a-z0-9-]{1,100}$/.test(id)) {
      throw new PackageItemError(
        `The item “${part.slice(0, 120)}” is not kind:id with kind lesson, check, widget or puzzle.`,
      );
    }
    const key = `${kind}:${id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ kind: kind as ItemKind, id });
  }
  if (out.length === 0) throw new PackageItemError('The item list names no item.');
  return out;
}

/** Every item of the course: each lesson, each lesson's check, each widget and each puzzle. */
export function wholeCourse(catalog: CourseCatalog): { kind: ItemKind; id: string }[] {
  return [
    ...catalog.lessons.flatMap((l) => [
      { kind: 'lesson' as const, id: l.slug },
      ...(l.hasCheck ? [{ kind: 'check' as const, id: l.slug }] : []),
    ]),
    ...catalog.widgets.map((w) => ({ kind: 'widget' as const, id: w.id })),
    ...catalog.puzzles.map((p) => ({ kind: 'puzzle' as const, id: p.id })),
  ];
}

/** Looks each requested item up; an unknown one throws a PackageItemError naming it. */
export function resolveItems(
  wanted: readonly { kind: ItemKind; id: string }[],
  catalog: CourseCatalog,
): PackageItem[] {
  return wanted.map(({ kind, id }) => {
    const unknown = (what: string) =>
      new PackageItemError(`There is no ${what} “${id}” in GPU Lab (item ${kind}:${id}).`);
    if (kind === 'lesson' || kind === 'check') {
      const lesson = catalog.lessons.find((l) => l.slug === id);
      if (!lesson) throw unknown('lesson');
      if (!lesson.hasCheck) {
        throw new PackageItemError(
          `The lesson “${id}” has no “Check yourself” questions to embed (item ${kind}:${id}).`,
        );
      }
      const lessonHash = `#/lesson/${id}`;
      return kind === 'lesson'
        ? {
            kind,
            id,
            title: lesson.title,
            description: `${lesson.summary} Read the lesson, then answer its “Check yourself” questions: answering all of them completes it.`,
            embedHash: `#/embed/check/${id}`,
            lessonHash,
            mastery: null,
          }
        : {
            kind,
            id,
            title: `Check yourself: ${lesson.title}`,
            description: `The “Check yourself” questions of the lesson “${lesson.title}”: ${Math.round(CHECK_MASTERY * 100)} % right passes.`,
            embedHash: `#/embed/check/${id}`,
            lessonHash,
            mastery: CHECK_MASTERY,
          };
    }
    if (kind === 'widget') {
      const widget = catalog.widgets.find((w) => w.id === id);
      if (!widget) throw unknown('widget');
      return {
        kind,
        id,
        title: widget.title,
        description: `The GPU Lab widget “${widget.title}”: one finished run completes it.`,
        embedHash: `#/embed/${id}`,
        lessonHash: null,
        mastery: null,
      };
    }
    const puzzle = catalog.puzzles.find((p) => p.id === id);
    if (!puzzle) throw unknown('puzzle');
    return {
      kind,
      id,
      title: puzzle.title,
      description: `The GPU Lab WGSL puzzle “${puzzle.title}”: a kernel that passes every check completes it.`,
      embedHash: `#/embed/puzzle/${id}`,
      lessonHash: null,
      mastery: null,
    };
  });
}

/** The course's address as packages use it: http(s), no query or hash, ending in `/`. */
export function normalizeBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new PackageItemError(`The base URL “${text.slice(0, 200)}” is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new PackageItemError(`The base URL “${text.slice(0, 200)}” is not http or https.`);
  }
  url.hash = '';
  url.search = '';
  const href = url.href;
  return href.endsWith('/') ? href : `${href.replace(/\/[^/]*\.html?$/, '')}/`;
}
