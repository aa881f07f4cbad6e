import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { LineCounter, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Plugin } from 'vite';
import { parseGlossary } from '../src/glossary/parse.ts';
import type { GlossaryTerm } from '../src/glossary/types.ts';

const VIRTUAL_ID = 'virtual:glossary';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

/** The glossary authors edit. */
export const GLOSSARY_FILE = resolve('content', 'glossary.yaml');

/**
 * The entries of a glossary YAML source, checked (src/glossary/parse.ts). Throws with
 * `file:line:` on a YAML syntax error or on any entry that fails the checks.
 */
export function glossaryFromYaml(source: string, file: string): GlossaryTerm[] {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const where = (offset: number) => {
      const { line, col } = lines.linePos(offset);
      return `${file}:${line}:${col}`;
    };
    throw new Error(doc.errors.map((e) => `${where(e.pos[0])}: ${e.message}`).join('\n'));
  }
  const items = isSeq(doc.contents) ? doc.contents.items : [];
  const lineOf = (index: number, field?: string) => {
    const item = items[index];
    if (!isMap(item)) return undefined;
    const pair = item.items.find((p) => isScalar(p.key) && p.key.value === field);
    const node = pair && isScalar(pair.key) ? pair.key : item;
    return node.range ? lines.linePos(node.range[0]).line : undefined;
  };
  return parseGlossary(doc.toJS(), { file, lineOf });
}

/** The glossary file's entries, checked; errors name the file relative to the working folder. */
export function readGlossary(file = GLOSSARY_FILE): GlossaryTerm[] {
  return glossaryFromYaml(readFileSync(file, 'utf8'), relative(process.cwd(), file) || file);
}

/**
 * A Vite plugin exposing `virtual:glossary`: content/glossary.yaml, checked at build time and
 * served as a JSON module, so the browser gets plain data and no YAML parser. The build fails
 * with file:line when the glossary has a fault; the dev server reloads it when it changes.
 */
export function glossaryPlugin(file = GLOSSARY_FILE): Plugin {
  return {
    name: 'gpu-lab-glossary',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(file);
      return `export default ${JSON.stringify(readGlossary(file))};`;
    },
  };
}
