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

/** Each file's last good parse, by absolute path, with the text it was parsed from. */
const parsedGlossaries = new Map<string, { source: string; terms: readonly GlossaryTerm[] }>();

/** Freezes the entries, their `taught` and their lists: a cached parse is shared by every caller. */
function frozenTerms(terms: GlossaryTerm[]): readonly GlossaryTerm[] {
  for (const term of terms) {
    Object.freeze(term.taught);
    Object.freeze(term.related);
    Object.freeze(term.matches);
    Object.freeze(term);
  }
  return Object.freeze(terms);
}

/**
 * The glossary file's entries, checked; errors name the file relative to the working folder.
 * The file is read on every call but parsed again only when its text changed (every lesson
 * compile asks for it; the YAML parse costs about 100 ms): the entries are shared and frozen.
 */
export function readGlossary(file = GLOSSARY_FILE): readonly GlossaryTerm[] {
  const key = resolve(file);
  const source = readFileSync(key, 'utf8');
  const cached = parsedGlossaries.get(key);
  if (cached?.source === source) return cached.terms;
  const terms = frozenTerms(glossaryFromYaml(source, relative(process.cwd(), file) || file));
  parsedGlossaries.set(key, { source, terms });
  return terms;
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
