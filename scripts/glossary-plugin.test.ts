import { describe, expect, it } from 'vitest';
import { GLOSSARY_FILE, glossaryFromYaml, glossaryPlugin, readGlossary } from './glossary-plugin';

const ENTRY = (id: string, related: string) =>
  [
    `- id: ${id}`,
    `  term: ${id.toUpperCase()}`,
    '  definition: >-',
    `    The ${id}, folded`,
    '    over two lines.',
    '  taught: inside-a-gpu/simt-threads-in-warps-of-32',
    `  related: [${related}]`,
    `  matches: [${id}s, ${id}]`,
  ].join('\n');

describe('glossaryFromYaml', () => {
  it('reads entries, folding definitions into one line', () => {
    const terms = glossaryFromYaml(`${ENTRY('warp', 'sm')}\n\n${ENTRY('sm', 'warp')}\n`, 'g.yaml');
    expect(terms.map((t) => t.id)).toEqual(['warp', 'sm']);
    expect(terms[0]).toMatchObject({
      definition: 'The warp, folded over two lines.',
      taught: { lesson: 'inside-a-gpu', section: 'simt-threads-in-warps-of-32' },
      matches: ['warps', 'warp'],
    });
  });

  it('names the file and line of a YAML syntax error, and of a key given twice', () => {
    expect(() => glossaryFromYaml('- id: warp\n  term: [unclosed\n', 'g.yaml')).toThrow(
      /^g\.yaml:\d+:\d+: /,
    );
    expect(() => glossaryFromYaml('- id: warp\n  id: sm\n', 'g.yaml')).toThrow(
      /^g\.yaml:2:3: Map keys must be unique/,
    );
  });

  it('names the line of the field at fault, and of the entry when a field is missing', () => {
    const source = `${ENTRY('warp', 'sm')}\n\n${ENTRY('sm', 'nope')}\n- id: x\n`;
    expect(() => glossaryFromYaml(source, 'g.yaml')).toThrow(
      'g.yaml:16: entry 2 ("sm"): related names "nope", which no entry has as its id',
    );
    expect(() => glossaryFromYaml(source, 'g.yaml')).toThrow(
      'g.yaml:18: entry 3 ("x"): lacks "term"',
    );
  });
});

describe('the course glossary file', () => {
  it('is content/glossary.yaml and passes its checks', () => {
    expect(GLOSSARY_FILE.endsWith('content/glossary.yaml')).toBe(true);
    expect(readGlossary().length).toBeGreaterThan(30);
  });
});

describe('glossaryPlugin', () => {
  it('serves the checked entries as a JSON module at virtual:glossary, watching the file', () => {
    const plugin = glossaryPlugin();
    const resolveId = plugin.resolveId as (id: string) => string | undefined;
    const load = plugin.load as (this: unknown, id: string) => string | undefined;
    const id = resolveId('virtual:glossary');
    expect(id).toBe('\0virtual:glossary');
    expect(resolveId('./other')).toBeUndefined();
    const watched: string[] = [];
    const code = load.call({ addWatchFile: (f: string) => watched.push(f) }, id!);
    expect(watched).toEqual([GLOSSARY_FILE]);
    expect(code?.startsWith('export default [')).toBe(true);
    expect(JSON.parse(code!.slice('export default '.length, -1))).toEqual(readGlossary());
    expect(load.call({}, './other')).toBeUndefined();
  });
});
