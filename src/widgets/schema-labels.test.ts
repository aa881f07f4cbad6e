/**
 * A setting is named once: in its widget's schema. The views read the label, limits, unit and
 * help from the schema field (src/ui/field), so no widget's view may write a schema's words
 * again. This reads every view's source (the .tsx files of each widget folder, tests aside) and
 * fails on a string, template piece or JSX text that restates a label, a form label or a help
 * text of that widget's schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { AnyWidgetSchema, Field } from '../state/schema';
import { WIDGETS } from './registry';

/** A piece of text a view writes: a string, a piece of a template, or JSX text. */
interface TextPiece {
  text: string;
  line: number;
  /** Whether it names a control: the text of a <label> or <legend>, a label or aria-label. */
  naming: boolean;
}

/** Attributes and properties whose text names a control. */
const NAMING_NAMES = new Set(['label', 'aria-label', 'legend']);

/** Whether a text node names a control (see TextPiece.naming). */
function namesControl(typescript: typeof ts, node: ts.Node): boolean {
  const parent = node.parent;
  if (typescript.isJsxText(node) && typescript.isJsxElement(parent)) {
    const tag = parent.openingElement.tagName.getText();
    return tag === 'label' || tag === 'legend';
  }
  const holder = typescript.isJsxExpression(parent) ? parent.parent : parent;
  if (typescript.isJsxAttribute(holder) || typescript.isPropertyAssignment(holder)) {
    return NAMING_NAMES.has(holder.name.getText().replace(/^['"]|['"]$/g, ''));
  }
  return false;
}

/** The texts a source file writes (comments and import paths are not among them). */
function textPieces(typescript: typeof ts, file: string, source: string): TextPiece[] {
  const sf = typescript.createSourceFile(file, source, typescript.ScriptTarget.Latest, true);
  const pieces: TextPiece[] = [];
  const visit = (node: ts.Node): void => {
    if (typescript.isImportDeclaration(node) || typescript.isExportDeclaration(node)) return;
    if (
      typescript.isStringLiteral(node) ||
      typescript.isNoSubstitutionTemplateLiteral(node) ||
      typescript.isTemplateHead(node) ||
      typescript.isTemplateMiddle(node) ||
      typescript.isTemplateTail(node) ||
      typescript.isJsxText(node)
    ) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (text !== '') {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        pieces.push({ text, line, naming: namesControl(typescript, node) });
      }
    }
    typescript.forEachChild(node, visit);
  };
  visit(sf);
  return pieces;
}

/** The words a schema gives its fields: labels, form labels and help texts. */
function schemaWords(fields: readonly Field[]): string[] {
  const words = fields.flatMap((f) => [f.label, f.formLabel, f.help]);
  return [...new Set(words.filter((w): w is string => typeof w === 'string' && w !== ''))];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each piece that restates one of the words. Words of two or more count anywhere as a phrase
 * (case as written, so "the batch size" in a sentence is not "Batch size"); a single word
 * ("GPU", "Step") is common, so it counts where it names a control with nothing else.
 */
function restatements(pieces: readonly TextPiece[], words: readonly string[]): string[] {
  return pieces.flatMap(({ text, line, naming }) =>
    words
      .filter((word) =>
        word.includes(' ')
          ? new RegExp(`(^|[^\\p{L}\\p{N}])${escape(word)}($|[^\\p{L}\\p{N}])`, 'u').test(text)
          : naming && text === word,
      )
      .map((word) => `line ${line}: "${text}" restates "${word}"`),
  );
}

const WIDGETS_DIR = join(process.cwd(), 'src/widgets');

/** Every widget folder's schemas, found by what its settings module exports. */
const SETTINGS = import.meta.glob<Record<string, unknown>>('./*/settings.ts', { eager: true });

function isSchema(value: unknown): value is AnyWidgetSchema {
  return typeof value === 'object' && value !== null && 'fields' in value && 'defaults' in value;
}

/** The view sources under a folder: .tsx files that are not tests. */
function viewFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : viewFiles(path);
    return entry.name.endsWith('.tsx') && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

const FOLDERS = Object.entries(SETTINGS).map(([path, module]) => {
  const schemas = Object.values(module).filter(isSchema);
  return {
    folder: path.split('/')[1]!,
    schemas: schemas.length,
    fields: schemas.flatMap((schema) => Object.values(schema.fields) as Field[]),
  };
});

describe('schema labels are not restated in the views', () => {
  it('finds every widget folder with a settings schema', () => {
    expect(FOLDERS.length).toBe(WIDGETS.length);
    for (const { folder, schemas } of FOLDERS) expect(schemas, folder).toBe(1);
  });

  it('catches a restated label, a label inside a longer text, and leaves other words alone', () => {
    const words = schemaWords([
      { kind: 'integer', key: 'batch', label: 'Batch size', default: 1, min: 1, max: 2 },
      { kind: 'boolean', key: 'x', label: 'GPU', default: false, help: 'The GPU in every slot' },
    ]);
    const source = `
      const a = <label>Batch size</label>;
      const b = \`Batch size: \${n}\`;
      const c = <p>Run it on my GPU</p>;
      const d = <label htmlFor="g">GPU</label>;
      const t = <th>GPU</th>;
      // Batch size in a comment is not a view's text.
      const e = <span>{' '}The GPU in every slot, in order</span>;`;
    const found = restatements(textPieces(ts, 'x.tsx', source), words);
    expect(found).toEqual([
      'line 2: "Batch size" restates "Batch size"',
      'line 3: "Batch size:" restates "Batch size"',
      'line 5: "GPU" restates "GPU"',
      'line 8: "The GPU in every slot, in order" restates "The GPU in every slot"',
    ]);
  });

  for (const { folder, fields } of FOLDERS) {
    it(`${folder}: its views read their labels from the schema`, () => {
      const words = schemaWords(fields);
      const found = viewFiles(join(WIDGETS_DIR, folder)).flatMap((file) =>
        restatements(textPieces(ts, file, readFileSync(file, 'utf8')), words).map(
          (problem) => `${relative(WIDGETS_DIR, file)}: ${problem}`,
        ),
      );
      expect(found).toEqual([]);
    });
  }
});
