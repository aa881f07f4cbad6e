// The syntax tree of a lesson's MDX as the content checks read it: Markdown with MDX's JSX,
// front matter, GitHub tables and math. One parser for every check that walks lessons.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';

/** Parses one MDX source into its mdast tree (no compilation, no plugins that rewrite it). */
export function parseMdxSource(source) {
  return unified()
    .use(remarkParse)
    .use(remarkMdx)
    .use(remarkFrontmatter)
    .use(remarkGfm)
    .use(remarkMath)
    .parse(source);
}
