import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { CatalogValueRequest } from '../src/lessons/catalog-value.ts';
import {
  CATALOG_VALUE_RESOLVED_PROPS,
  type CatalogValueResolvedProps,
} from '../src/lessons/blocks/catalog-value-props.ts';

type JsxNode = MdxJsxFlowElement | MdxJsxTextElement;

/** The resolver module (src/lessons/catalog-value.ts), which reaches into the cost engine. */
export type CatalogResolver = typeof import('../src/lessons/catalog-value.ts');

let loading: Promise<CatalogResolver> | undefined;

/**
 * Loads the catalog resolver once, at run time rather than by a static import: this file is
 * part of the Vite config's import graph, and the engine's extensionless imports would make
 * Vite's config loader complain on every run. Under Vite (the dev server, vitest) a plain
 * dynamic import works; in the config's own Node process it goes through tsx.
 */
export function loadCatalogResolver(): Promise<CatalogResolver> {
  const target = new URL('../src/lessons/catalog-value.ts', import.meta.url);
  // Vitest's jsdom environment gives modules http: URLs; Vite resolves root-relative paths.
  const url = target.protocol === 'file:' ? target.href : target.pathname;
  loading ??= (import(/* @vite-ignore */ url) as Promise<CatalogResolver>).catch(() =>
    import('tsx/esm/api').then(
      ({ tsImport }) => tsImport(url, import.meta.url) as Promise<CatalogResolver>,
    ),
  );
  return loading;
}

/** The props a lesson may write on `<CatalogValue>`. */
const AUTHORED = new Set(['of', 'figure', 'unit', 'digits', 'bare']);

function attribute(node: JsxNode, name: string): MdxJsxAttribute | undefined {
  return node.attributes.find(
    (a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name,
  );
}

/** A literal string attribute, or an error message. */
function text(node: JsxNode, name: string, required: boolean): string | undefined | Error {
  const a = attribute(node, name);
  if (!a) return required ? new Error(`<CatalogValue> needs ${name}="..."`) : undefined;
  if (typeof a.value !== 'string' || a.value === '') {
    return new Error(`<CatalogValue> ${name}= must be a plain, non-empty string`);
  }
  return a.value;
}

/** `digits={2}` (or digits="2") as a number; undefined when absent. */
function digits(node: JsxNode): number | undefined | Error {
  const a = attribute(node, 'digits');
  if (!a) return undefined;
  const raw = typeof a.value === 'string' ? a.value : a.value?.value;
  const n = raw === undefined || raw === null ? NaN : Number(raw);
  return Number.isFinite(n)
    ? n
    : new Error('<CatalogValue> digits= must be a number, e.g. digits={0}');
}

/** `bare` (or bare={true}) as a boolean. */
function bare(node: JsxNode): boolean | Error {
  const a = attribute(node, 'bare');
  if (!a) return false;
  const raw = typeof a.value === 'string' ? a.value : (a.value?.value ?? 'true');
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return new Error('<CatalogValue> bare must be written bare or bare={true}');
}

/**
 * Checks one `<CatalogValue>` and, when it names a real catalog figure, adds the resolved text,
 * kind and description to it as props, so the page shows the catalog's number without shipping
 * the catalog. Returns the problem when there is one (unknown id, path or unit, bad props).
 */
export function resolveCatalogValueNode(node: JsxNode, catalog: CatalogResolver): string | null {
  for (const a of node.attributes) {
    if (a.type !== 'mdxJsxAttribute') return '<CatalogValue> takes no {...spread} props';
    if (!AUTHORED.has(a.name)) {
      return `<CatalogValue> has no prop ${a.name}= (it takes of, figure, unit, digits, bare)`;
    }
  }
  const of = text(node, 'of', true);
  const figure = text(node, 'figure', true);
  const unit = text(node, 'unit', false);
  const places = digits(node);
  const isBare = bare(node);
  for (const v of [of, figure, unit, places, isBare]) if (v instanceof Error) return v.message;
  const request: CatalogValueRequest = {
    of: of as string,
    figure: figure as string,
    ...(unit === undefined ? {} : { unit: unit as string }),
    ...(places === undefined ? {} : { digits: places as number }),
    bare: isBare as boolean,
  };
  try {
    const resolved = catalog.resolveCatalogValue(request);
    const props: CatalogValueResolvedProps = {
      resolvedText: resolved.text,
      resolvedKind: resolved.kind,
      resolvedDescription: resolved.description,
    };
    for (const name of CATALOG_VALUE_RESOLVED_PROPS) {
      node.attributes.push({ type: 'mdxJsxAttribute', name, value: props[name] });
    }
    return null;
  } catch (e) {
    if (e instanceof catalog.CatalogValueError) return `<CatalogValue>: ${e.message}`;
    throw e;
  }
}
