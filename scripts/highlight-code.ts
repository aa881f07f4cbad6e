import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import { trimBlankEnds } from '../src/lessons/blocks/annotations.ts';
import { highlight, highlightToHast } from '../src/lessons/blocks/highlight.ts';

/** The text of a hast node and its descendants. */
function hastText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(hastText).join('');
  return '';
}

/** The language a `<code class="language-x">` names, or null. */
function fenceLanguage(code: Element): string | null {
  const className = code.properties.className;
  const classes = Array.isArray(className) ? className.map(String) : [];
  const found = classes.find((c) => c.startsWith('language-'));
  return found ? found.slice('language-'.length) : null;
}

/**
 * Rehype plugin: highlights every fenced code block (`<pre><code class="language-x">`) when the
 * lesson is compiled, replacing the code's text with `hljs-*` token spans (same text, final
 * newline dropped). The CodeBlock component then only renders; no highlighter runs in the page.
 */
export function rehypeHighlightCode() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (pre: Element) => {
      if (pre.tagName !== 'pre') return;
      const elements = pre.children.filter((c) => c.type === 'element');
      const code = elements.length === 1 ? elements[0] : undefined;
      if (!code || code.tagName !== 'code') return;
      const text = code.children
        .map(hastText)
        .join('')
        .replace(/\r?\n$/, '');
      code.children = highlightToHast(text, fenceLanguage(code)) as ElementContent[];
    });
  };
}

function stringAttribute(node: MdxJsxFlowElement | MdxJsxTextElement, name: string) {
  const found = node.attributes.find(
    (a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name,
  );
  return typeof found?.value === 'string' ? found.value : null;
}

/**
 * Remark plugin (after remarkCodeAttribute): gives each `<AnnotatedCode lang code>` whose code is
 * a plain string a `highlightedHtml` attribute, its code highlighted at build time.
 */
export function remarkHighlightAnnotatedCode() {
  return (tree: MdastRoot) => {
    visit(tree, (n) => {
      if (n.type !== 'mdxJsxFlowElement' && n.type !== 'mdxJsxTextElement') return;
      const node = n as MdxJsxFlowElement | MdxJsxTextElement;
      if (node.name !== 'AnnotatedCode') return;
      const code = stringAttribute(node, 'code');
      if (code === null || stringAttribute(node, 'highlightedHtml') !== null) return;
      node.attributes.push({
        type: 'mdxJsxAttribute',
        name: 'highlightedHtml',
        value: highlight(trimBlankEnds(code), stringAttribute(node, 'lang')),
      });
    });
  };
}
