/** One single-answer question and where its right choice stands by length. */
export interface SingleAnswerQuestion {
  id: string;
  tag: string;
  /** Its line in the source. */
  line: number;
  /** The length of each choice's text, in order. */
  lengths: number[];
  /** Which of them is right. */
  rightIndex: number;
  /** The right choice alone is the longest. */
  longest: boolean;
  /** The right choice alone is the shortest. */
  shortest: boolean;
}

/** Totals over files. */
export interface LengthBias {
  rows: (SingleAnswerQuestion & { file: string })[];
  total: number;
  longest: number;
  shortest: number;
  /** longest / total (0 when there is no question). */
  share: number;
}

/** The most the share may be, as a fraction. */
export const LENGTH_BIAS_LIMIT: number;
/** The single-answer questions of one MDX source. */
export function singleAnswerQuestions(source: string): SingleAnswerQuestion[];
/** Totals over files. */
export function lengthBias(files: { file: string; source: string }[]): LengthBias;
/** Every MDX file under `dir`, sorted, with its source. */
export function mdxFiles(dir: string): { file: string; source: string }[];
/** The report's lines: one per file, then the total against the limit. */
export function lengthBiasReport(result: LengthBias, root: string, limit?: number): string[];
