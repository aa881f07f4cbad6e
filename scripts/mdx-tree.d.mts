import type { Root } from 'mdast';

/** Parses one MDX source into its mdast tree (no compilation, no plugins that rewrite it). */
export function parseMdxSource(source: string): Root;
