/** The metadata every lesson declares in its YAML frontmatter. */
export interface LessonMeta {
  /** URL slug, from the file name without its order prefix (`01-why-gpus.mdx` → `why-gpus`). */
  slug: string;
  title: string;
  /** Position in the course, 1-based. */
  order: number;
  readingMinutes: number;
  objectives: string[];
  summary: string;
}

/**
 * What the app knows of every lesson before any lesson loads (the manifest in the first load):
 * the metadata without the objectives, which come with the lesson's own chunk (its MDX module
 * exports its frontmatter), so each lesson's first load carries only its own.
 */
export type LessonSummary = Omit<LessonMeta, 'objectives'>;

/** A lesson's metadata as the manifest carries it. */
export function lessonSummary(meta: LessonMeta): LessonSummary {
  const { slug, title, order, readingMinutes, summary } = meta;
  return { slug, title, order, readingMinutes, summary };
}

/** Thrown when a lesson's frontmatter is missing or malformed; names the file and the field. */
export class FrontmatterError extends Error {}

/** The slug of a lesson file name: `content/01-why-gpus.mdx` → `why-gpus`. */
export function slugFromPath(path: string): string {
  const base = path.split('/').pop() ?? path;
  return base.replace(/\.mdx$/, '').replace(/^\d+[-_]/, '');
}

/**
 * Validates parsed frontmatter (any value) into a LessonMeta, or throws a FrontmatterError that
 * names the file and the offending field.
 */
export function validateFrontmatter(file: string, data: unknown): LessonMeta {
  const fail = (msg: string): never => {
    throw new FrontmatterError(`${file}: frontmatter ${msg}`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return fail('is missing (start the file with a --- YAML block ---)');
  }
  const d = data as Record<string, unknown>;
  const title = d.title;
  if (typeof title !== 'string' || title.trim() === '') fail('needs a non-empty "title"');
  const order = d.order;
  if (typeof order !== 'number' || !Number.isInteger(order) || order < 1) {
    fail(`"order" must be a positive integer (got ${JSON.stringify(order)})`);
  }
  const minutes = d.readingMinutes;
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0 || minutes > 240) {
    fail(
      `"readingMinutes" must be a number of minutes in (0, 240] (got ${JSON.stringify(minutes)})`,
    );
  }
  const objectives = d.objectives;
  if (
    !Array.isArray(objectives) ||
    objectives.length < 3 ||
    objectives.length > 7 ||
    !objectives.every((o) => typeof o === 'string' && o.trim() !== '')
  ) {
    fail('"objectives" must be a list of 3 to 7 non-empty strings');
  }
  const summary = d.summary ?? '';
  if (typeof summary !== 'string') fail('"summary" must be a string');
  return {
    slug: slugFromPath(file),
    title: title as string,
    order: order as number,
    readingMinutes: minutes as number,
    objectives: objectives as string[],
    summary: summary as string,
  };
}

/** Sorts lessons by order and checks that no two share an order or a slug. */
export function orderLessons(lessons: LessonMeta[]): LessonMeta[] {
  const sorted = [...lessons].sort((a, b) => a.order - b.order);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    if (prev.order === cur.order) {
      throw new FrontmatterError(
        `lessons "${prev.slug}" and "${cur.slug}" share order ${cur.order}`,
      );
    }
  }
  const slugs = new Set<string>();
  for (const l of sorted) {
    if (slugs.has(l.slug)) throw new FrontmatterError(`two lessons have the slug "${l.slug}"`);
    slugs.add(l.slug);
  }
  return sorted;
}
