/**
 * The import graph of the source tree, read with TypeScript's own parser: every static import,
 * re-export and `import('…')` between files of this repository, resolved the way the bundler
 * resolves them (`.ts`, `.tsx`, then a folder's `index`). Used by the layer test
 * (tests/unit/layers.test.ts) and by `npm run -s imports` to find import circles, imports that
 * break the layer table (scripts/imports/layers.mjs), and what one file pulls in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { isTestPath } from './layers.mjs';
import { resolveImport } from './resolve.mjs';

/** One import of one file. */
export interface ImportEdge {
  /** The importing file, relative to the root, with `/` separators. */
  from: string;
  /** The imported file, relative to the root. */
  to: string;
  /** The specifier as written (`../gpu`, `./race.wgsl?raw`). */
  specifier: string;
  /** 1-based line of the import. */
  line: number;
  /** `import type …`, or every name of the import is a type: nothing of it reaches a bundle. */
  typeOnly: boolean;
  /** `import('…')`: the module loads when the call runs, in a chunk of its own. */
  dynamic: boolean;
}

/** Files and the imports between them. */
export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
}

/** Whether a path names a test or a test helper (they are not part of the layered source). */
export const isTestFile = isTestPath;

/** Every `.ts` and `.tsx` file under `dir` (relative to `root`), tests included. */
export function listSourceFiles(root: string, dir = 'src'): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (/\.tsx?$/.test(entry.name)) {
        out.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  walk(resolve(root, dir));
  return out.sort();
}

/** Whether an import declaration brings in types only. */
function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x.css'`: a side effect
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/** Whether an export-from declaration hands on types only. */
function exportIsTypeOnly(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  if (!clause || !ts.isNamedExports(clause)) return false;
  return clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

/** The imports written in one file's text (specifier, line, type-only, dynamic). */
export function readImports(
  fileName: string,
  text: string,
): Array<Omit<ImportEdge, 'from' | 'to'>> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Array<Omit<ImportEdge, 'from' | 'to'>> = [];
  const lineOf = (node: ts.Node) =>
    source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({
        specifier: node.moduleSpecifier.text,
        line: lineOf(node),
        typeOnly: importIsTypeOnly(node),
        dynamic: false,
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({
        specifier: node.moduleSpecifier.text,
        line: lineOf(node),
        typeOnly: exportIsTypeOnly(node),
        dynamic: false,
      });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({
        specifier: node.arguments[0].text,
        line: lineOf(node),
        typeOnly: false,
        dynamic: true,
      });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      // `typeof import('./x')` in a type position
      found.push({
        specifier: node.argument.literal.text,
        line: lineOf(node),
        typeOnly: true,
        dynamic: false,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Reads the graph of the given files (paths relative to `root`); imports leaving them are dropped. */
export function buildImportGraph(root: string, files: readonly string[]): ImportGraph {
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const text = readFileSync(resolve(root, from), 'utf8');
    for (const found of readImports(from, text)) {
      const to = resolveImport(root, from, found.specifier);
      if (to && known.has(to)) edges.push({ from, to, ...found });
    }
  }
  return { files: [...files], edges };
}

/**
 * The import circles: each a group of two or more files that reach each other (Tarjan's strongly
 * connected components), largest first. Type-only imports count: a circle of types still ties
 * the files' meaning together.
 */
export function importCircles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const f of graph.files) next.set(f, []);
  for (const e of graph.edges) next.get(e.from)?.push(e.to);
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.files) {
    if (indexOf.has(start)) continue;
    const work: Array<{ node: string; child: number }> = [{ node: start, child: 0 }];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const children = next.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!indexOf.has(child)) {
          indexOf.set(child, index);
          low.set(child, index++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, indexOf.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === indexOf.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1) circles.push(group.sort());
      }
    }
  }
  return circles.sort((a, b) => b.length - a.length);
}

/**
 * Every file `start` loads with it: static value imports, followed transitively (what lands in
 * its chunk). Type-only imports and `import('…')` are not followed.
 */
export function staticReach(graph: ImportGraph, start: string): string[] {
  const next = new Map<string, string[]>();
  for (const e of graph.edges) {
    if (e.typeOnly || e.dynamic) continue;
    const list = next.get(e.from) ?? [];
    list.push(e.to);
    next.set(e.from, list);
  }
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const to of next.get(queue.pop()!) ?? []) {
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  seen.delete(start);
  return [...seen].sort();
}
