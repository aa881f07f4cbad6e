import type { Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';

/**
 * Reads a `code={`...`}` attribute's template literal from the original source, with its
 * indentation intact, or null when the source is not a plain template literal (one with `${`
 * substitutions is left to MDX).
 */
export function templateLiteralText(attributeSource: string): string | null {
  const m = /^code=\{\s*`([\s\S]*)`\s*\}$/.exec(attributeSource);
  if (!m || m[1] === undefined || /(^|[^\\])\$\{/.test(m[1])) return null;
  return m[1].replace(/\\([`\\$])/g, '$1');
}

/**
 * Remark plugin: MDX strips up to two spaces of indentation from every continuation line of a
 * JSX attribute expression, which breaks Python code written as `<AnnotatedCode code={`...`} />`.
 * This puts the literal back exactly as written in the file.
 */
export function remarkCodeAttribute() {
  return (tree: Root, file: { value?: unknown }) => {
    const source = typeof file.value === 'string' ? file.value : String(file.value ?? '');
    visit(tree, (n) => {
      if (n.type !== 'mdxJsxFlowElement' && n.type !== 'mdxJsxTextElement') return;
      const node = n as MdxJsxFlowElement | MdxJsxTextElement;
      for (const attr of node.attributes) {
        if (attr.type !== 'mdxJsxAttribute' || attr.name !== 'code') continue;
        const pos = (
          attr as MdxJsxAttribute & {
            position?: { start: { offset?: number }; end: { offset?: number } };
          }
        ).position;
        if (pos?.start.offset === undefined || pos.end.offset === undefined) continue;
        const text = templateLiteralText(source.slice(pos.start.offset, pos.end.offset));
        if (text !== null) attr.value = text;
      }
    });
  };
}
