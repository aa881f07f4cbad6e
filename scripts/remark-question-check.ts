import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import { codeLines } from '../src/lessons/questions/bug.ts';

type JsxNode = MdxJsxFlowElement | MdxJsxTextElement;

/** The resolver module (src/lessons/questions/build-resolver.ts), which reaches the engine. */
export type QuestionResolver = typeof import('../src/lessons/questions/build-resolver.ts');

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
function read(node: JsxNode, name: string): { present: boolean; value: unknown; literal: boolean } {
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

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function jsxDescendants(node: JsxNode, name: string): JsxNode[] {
  const out: JsxNode[] = [];
  visit(node, (n) => {
    if ((n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && n !== node) {
      if ((n as JsxNode).name === name) out.push(n as JsxNode);
    }
  });
  return out;
}

/**
 * Checks the question kinds beyond a single-choice `<QuickCheck>` (which the lesson check
 * handles): `teaches=` on any question, `<NumericCheck>` (whose answer it computes with the
 * engine and adds as props), `<OrderCheck>`, `<BugCheck>` and `<PredictCheck>`. Reports each
 * problem through `at`.
 */
export function checkQuestionNode(
  node: JsxNode,
  resolver: QuestionResolver,
  at: (message: string, where?: JsxNode) => void,
): void {
  const name = node.name ?? '';
  const teaches = read(node, 'teaches');
  if (
    teaches.present &&
    !(typeof teaches.value === 'string' && resolver.TEACHES_PATTERN.test(teaches.value))
  ) {
    at(
      `<${name}> teaches= must be "lesson-slug/heading-id", e.g. teaches="gpu-memory/the-caching-allocator"`,
    );
  }
  if (name !== 'QuickCheck' && !isText(read(node, 'question').value))
    at(`<${name}> needs a question="..."`);
  if (name !== 'QuickCheck' && !isText(read(node, 'explanation').value)) {
    at(`<${name}> needs an explanation="..."`);
  }
  if (name === 'NumericCheck') checkNumeric(node, resolver, at);
  if (name === 'OrderCheck') {
    const steps = jsxDescendants(node, 'Step').length;
    if (steps < 3)
      at(`<OrderCheck> needs at least three <Step>s, written in the right order (found ${steps})`);
  }
  if (name === 'BugCheck') checkBug(node, at);
  if (name === 'PredictCheck') {
    const experiment = read(node, 'experiment').value;
    if (
      typeof experiment !== 'string' ||
      !(resolver.EXPERIMENT_IDS as string[]).includes(experiment)
    ) {
      at(`<PredictCheck> experiment= must be one of ${resolver.EXPERIMENT_IDS.join(', ')}`);
    }
  }
}

function checkNumeric(
  node: JsxNode,
  resolver: QuestionResolver,
  at: (message: string) => void,
): void {
  const scenario = read(node, 'scenario');
  const field = read(node, 'field');
  const unit = read(node, 'unit');
  const tolerance = read(node, 'tolerance');
  if (!scenario.present || !scenario.literal) {
    at(
      '<NumericCheck> needs scenario={{ … }}: one `npm run predict` scenario, written as a literal',
    );
    return;
  }
  if (typeof field.value !== 'string')
    return at('<NumericCheck> needs field="seconds" (or another answer field)');
  if (typeof unit.value !== 'string') return at('<NumericCheck> needs unit="…" (ms, GB, …)');
  if (typeof tolerance.value !== 'number' || !(tolerance.value > 0 && tolerance.value < 1)) {
    return at(
      '<NumericCheck> needs tolerance={…}: a fraction between 0 and 1, e.g. tolerance={0.1} for ±10 %',
    );
  }
  const explanation = read(node, 'explanation').value;
  if (typeof explanation === 'string' && !explanation.includes('{answer}')) {
    at('<NumericCheck> explanation= must show the computed answer with {answer}');
  }
  try {
    const answer = resolver.computeNumericAnswer(scenario.value, field.value, unit.value);
    node.attributes.push(
      { type: 'mdxJsxAttribute', name: 'resolvedAnswer', value: String(answer.value) },
      { type: 'mdxJsxAttribute', name: 'resolvedAnswerText', value: answer.text },
    );
  } catch (e) {
    at(`<NumericCheck>: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function checkBug(node: JsxNode, at: (message: string) => void): void {
  const code = read(node, 'code').value;
  const line = read(node, 'line').value;
  if (typeof code !== 'string') return at('<BugCheck> needs code={`…`}, a plain template literal');
  const count = codeLines(code).length;
  if (count < 2) return at('<BugCheck> code needs at least two lines');
  if (typeof line !== 'number' || !Number.isInteger(line) || line < 1 || line > count) {
    return at(`<BugCheck> line={N} must be a line of the snippet, 1 to ${count}`);
  }
  const notes = read(node, 'lineNotes');
  if (notes.present) {
    const value = notes.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return at('<BugCheck> lineNotes={{ 2: "…" }} must be an object of line number to note');
    }
    for (const [key, note] of Object.entries(value)) {
      const n = Number(key);
      if (!Number.isInteger(n) || n < 1 || n > count || typeof note !== 'string') {
        at(
          `<BugCheck> lineNotes has an entry for "${key}", not a line of the snippet with a text note`,
        );
      }
    }
  }
}
