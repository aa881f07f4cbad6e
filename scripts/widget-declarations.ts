/**
 * The widgets as the build sees them: each entry of `src/widgets/registry.ts`'s list, read from
 * the widget's own declaration (`src/widgets/<name>/widget.ts`) as written. The MDX checks need
 * the tags lessons may place, but cannot import the registry: Vite bundles its config (and these
 * scripts) with every `import()` the registry names, which would pull the widgets' code and
 * stylesheets into it. Declarations are data, so reading their literals is exact; a unit test
 * holds this list equal to the registry the app imports.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** A widget's tag and id, and the file that declares them. */
export interface DeclaredWidget {
  tag: string;
  id: string;
  file: string;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REGISTRY = join(ROOT, 'src/widgets/registry.ts');

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

function where(source: ts.SourceFile, node: ts.Node): string {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return `${relative(ROOT, source.fileName)}:${line + 1}`;
}

/** Where each name a file imports comes from (`./face`), by the local name. */
function importsOf(source: ts.SourceFile): Map<string, string> {
  const importedFrom = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const named = statement.importClause?.namedBindings;
    if (!named || !ts.isNamedImports(named)) continue;
    for (const element of named.elements) {
      importedFrom.set(element.name.text, statement.moduleSpecifier.text);
    }
  }
  return importedFrom;
}

/** The object literal the exported constant `name` of a file is set to (`{…} as const`). */
function constObject(source: ts.SourceFile, name: string): ts.ObjectLiteralExpression | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      let init = declaration.initializer;
      while (init && (ts.isSatisfiesExpression(init) || ts.isAsExpression(init))) {
        init = init.expression;
      }
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && init) {
        return ts.isObjectLiteralExpression(init) ? init : undefined;
      }
    }
  }
  return undefined;
}

/**
 * The string a property of an object literal is set to, written in it or in an object it spreads
 * from a sibling file (`...raceFace`, from `./face`); or an error naming the place.
 */
function stringProperty(
  source: ts.SourceFile,
  object: ts.ObjectLiteralExpression,
  name: string,
): string {
  const property = object.properties.find(
    (p): p is ts.PropertyAssignment =>
      ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
  );
  if (property && ts.isStringLiteral(property.initializer)) return property.initializer.text;
  if (!property) {
    const imports = importsOf(source);
    for (const spread of object.properties) {
      if (!ts.isSpreadAssignment(spread) || !ts.isIdentifier(spread.expression)) continue;
      const specifier = imports.get(spread.expression.text);
      if (!specifier?.startsWith('.')) continue;
      const from = parse(join(dirname(source.fileName), `${specifier}.ts`));
      const spreadObject = constObject(from, spread.expression.text);
      if (spreadObject) return stringProperty(from, spreadObject, name);
    }
  }
  throw new Error(`${where(source, object)}: a widget declares its ${name} as a string literal`);
}

/** The object literal given to `defineWidget(…)` for the exported constant `name`. */
function declarationObject(source: ts.SourceFile, name: string): ts.ObjectLiteralExpression {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (
        ts.isIdentifier(declaration.name) &&
        declaration.name.text === name &&
        init &&
        ts.isCallExpression(init) &&
        init.arguments[0] &&
        ts.isObjectLiteralExpression(init.arguments[0])
      ) {
        return init.arguments[0];
      }
    }
  }
  throw new Error(
    `${relative(ROOT, source.fileName)}: no \`export const ${name} = defineWidget({…})\``,
  );
}

/** Every registered widget, in the registry's order, from the declarations' own text. */
export function declaredWidgets(registryFile = REGISTRY): DeclaredWidget[] {
  const registry = parse(registryFile);
  const importedFrom = importsOf(registry);
  let list: ts.ArrayLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'WIDGETS' &&
      node.initializer
    ) {
      let init: ts.Expression = node.initializer;
      while (ts.isSatisfiesExpression(init) || ts.isAsExpression(init)) init = init.expression;
      if (ts.isArrayLiteralExpression(init)) list = init;
    }
    ts.forEachChild(node, visit);
  };
  visit(registry);
  if (!list) throw new Error(`${relative(ROOT, registryFile)}: no \`WIDGETS = [ … ]\` list`);
  return list.elements.map((element) => {
    const specifier = ts.isIdentifier(element) ? importedFrom.get(element.text) : undefined;
    if (!ts.isIdentifier(element) || !specifier) {
      throw new Error(`${where(registry, element)}: each entry is an imported declaration`);
    }
    const file = join(dirname(registryFile), `${specifier}.ts`);
    const source = parse(file);
    const object = declarationObject(source, element.text);
    return {
      tag: stringProperty(source, object, 'tag'),
      id: stringProperty(source, object, 'id'),
      file: relative(ROOT, file),
    };
  });
}
