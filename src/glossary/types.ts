/**
 * The shape of a glossary entry. The entries themselves live in content/glossary.yaml, where
 * authors edit them; parse.ts checks them and terms.ts serves them to the app.
 */

/** Where a term is taught: a lesson slug and the id rehype-slug gives the heading. */
export interface TaughtAt {
  /** Lesson slug, e.g. "inside-a-gpu". */
  lesson: string;
  /** Heading id in that lesson, e.g. "hbm-feeding-the-cores". */
  section: string;
}

/** One glossary entry. */
export interface GlossaryTerm {
  /** Stable id: the anchor on the glossary page and the `id` of `<Term>` in lessons. */
  id: string;
  /** The name as the glossary lists it. */
  term: string;
  /** One to three sentences, plain text. */
  definition: string;
  /** The section that teaches it. */
  taught: TaughtAt;
  /** Ids of related entries. */
  related: readonly string[];
  /**
   * Exact, case-sensitive spellings whose first whole-word occurrence in a lesson's prose links
   * here. Empty when the term is too common a word to match safely.
   */
  matches: readonly string[];
}
