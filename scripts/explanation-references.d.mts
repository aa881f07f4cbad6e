/** One explanation of a question, where it is. */
export interface Explanation {
  tag: string;
  id: string;
  line: number;
  text: string;
}

/** An explanation that points at the page around it. */
export interface PageReference {
  file: string;
  line: number;
  id: string;
  tag: string;
  /** The words that point. */
  phrase: string;
  why: string;
}

/** The phrases that point at the page around an explanation, each with why. */
export const PAGE_REFERENCES: readonly { pattern: RegExp; why: string }[];
/** Every explanation of one MDX source. */
export function explanationsIn(source: string): Explanation[];
/** The explanations of some files that point at the page around them. */
export function pageReferences(files: { file: string; source: string }[]): PageReference[];
