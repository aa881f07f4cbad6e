import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import {
  questionKindRecord,
  type PropRead,
  type QuestionElement,
  type QuestionResolver,
} from '../src/lessons/questions/kinds/index.ts';

type JsxNode = MdxJsxFlowElement | MdxJsxTextElement;

let loading: Promise<QuestionResolver> | undefined;

/** Loads the question resolver once, the way remark-catalog-value.ts loads its resolver. */
export function loadQuestionResolver(): Promise<QuestionResolver> {
  const target = new URL('../src/lessons/questions/build-resolver.ts', import.meta.url);
  const url = target.protocol === 'file:' ? target.href : target.pathname;
  loading ??= (import(/* @vite-ignore */ url) as Promise<QuestionResolver>).catch(() =>
    import('tsx/esm/api').then(
      ({ tsImport }) => tsImport(url, import.meta.url) as Promise<QuestionResolver>,
    ),
  );
  return loading;
}

const NOT_LITERAL = Symbol('not a literal');

/** The value of a literal estree expression (objects, arrays, strings, numbers, booleans). */
function literal(node: unknown): unknown {
  const n = node as {
    type?: string;
    value?: unknown;
    operator?: string;
    argument?: unknown;
    properties?: {
      type: string;
      key: { type: string; name?: string; value?: unknown };
      value: unknown;
      computed?: boolean;
    }[];
    elements?: unknown[];
    expressions?: unknown[];
    quasis?: { value: { cooked?: string } }[];
  };
  switch (n?.type) {
    case 'Literal':
      return n.value;
    case 'UnaryExpression': {
      const v = literal(n.argument);
      return n.operator === '-' && typeof v === 'number' ? -v : NOT_LITERAL;
    }
    case 'TemplateLiteral':
      return n.expressions?.length === 0
        ? (n.quasis?.[0]?.value.cooked ?? NOT_LITERAL)
        : NOT_LITERAL;
    case 'ArrayExpression': {
      const items = (n.elements ?? []).map(literal);
      return items.includes(NOT_LITERAL) ? NOT_LITERAL : items;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of n.properties ?? []) {
        if (p.type !== 'Property' || p.computed) return NOT_LITERAL;
        const key = p.key.type === 'Identifier' ? p.key.name : p.key.value;
        const v = literal(p.value);
        if (v === NOT_LITERAL || key === undefined) return NOT_LITERAL;
        out[String(key)] = v;
      }
      return out;
    }
    default:
      return NOT_LITERAL;
  }
}

/** An attribute read: absent, a literal value, or an expression that is not a plain literal. */
function read(node: JsxNode, name: string): PropRead {
  const a = node.attributes.find(
    (x): x is MdxJsxAttribute => x.type === 'mdxJsxAttribute' && x.name === name,
  );
  if (!a) return { present: false, value: undefined, literal: true };
  if (a.value === null || a.value === undefined)
    return { present: true, value: true, literal: true };
  if (typeof a.value === 'string') return { present: true, value: a.value, literal: true };
  const program = a.value.data?.estree as
    { body?: { type: string; expression?: unknown }[] } | undefined;
  const statement = program?.body?.[0];
  const v = statement?.type === 'ExpressionStatement' ? literal(statement.expression) : NOT_LITERAL;
  return { present: true, value: v === NOT_LITERAL ? undefined : v, literal: v !== NOT_LITERAL };
}

/** The plain text inside a node (what a learner reads in a choice), whitespace collapsed. */
function textOf(node: unknown): string {
  if (typeof node !== 'object' || node === null) return '';
  const n = node as { value?: unknown; children?: unknown[] };
  const own = typeof n.value === 'string' ? n.value : '';
  const inner = Array.isArray(n.children) ? n.children.map(textOf).join(' ') : '';
  return `${own} ${inner}`.replace(/\s+/g, ' ').trim();
}

/** The MDX nodes behind the elements handed to the records' checks, to report at their lines. */
const nodeOf = new WeakMap<QuestionElement, JsxNode>();

/** An MDX element as the records' build checks read it (see QuestionElement). */
function questionElement(node: JsxNode): QuestionElement {
  const element: QuestionElement = {
    tag: node.name ?? '',
    prop: (name) => read(node, name),
    descendants(tag) {
      const out: QuestionElement[] = [];
      visit(node, (n) => {
        if ((n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && n !== node) {
          if ((n as JsxNode).name === tag) out.push(questionElement(n as JsxNode));
        }
      });
      return out;
    },
    text: () => textOf(node),
    addProp(name, value) {
      node.attributes.push({ type: 'mdxJsxAttribute', name, value });
    },
  };
  nodeOf.set(element, node);
  return element;
}

/**
 * Checks one question element against its kind's record (src/lessons/questions/kinds): the
 * `teaches=` every question may carry, then the record's own check, which may add props the
 * build computes (a numeric answer). Reports each problem through `at`; other tags pass.
 */
export function checkQuestionNode(
  node: JsxNode,
  resolver: QuestionResolver,
  at: (message: string, where?: JsxNode) => void,
): void {
  const record = questionKindRecord(node.name ?? '');
  if (!record) return;
  const teaches = read(node, 'teaches');
  if (
    teaches.present &&
    !(typeof teaches.value === 'string' && resolver.TEACHES_PATTERN.test(teaches.value))
  ) {
    at(
      `<${record.tag}> teaches= must be "lesson-slug/heading-id", e.g. teaches="gpu-memory/the-caching-allocator"`,
    );
  }
  record.check(questionElement(node), {
    resolver,
    report: (message, where) => at(message, where && nodeOf.get(where)),
  });
}
