import { describe, expect, it } from 'vitest';
import { GlossaryError, checkGlossary, parseGlossary } from './parse';

/** A valid raw entry, as read from YAML, with `patch` applied. */
const raw = (id: string, patch: Record<string, unknown> = {}) => ({
  id,
  term: id.toUpperCase(),
  definition: `The ${id}.`,
  taught: 'inside-a-gpu/simt-threads-in-warps-of-32',
  related: [id === 'warp' ? 'sm' : 'warp'],
  matches: [id],
  ...patch,
});

const messages = (data: unknown) => checkGlossary(data).faults.map((f) => f.message);

describe('parseGlossary', () => {
  it('turns valid entries into typed terms, splitting taught into lesson and section', () => {
    expect(parseGlossary([raw('warp'), raw('sm')], { file: 'g.yaml' })).toEqual([
      {
        id: 'warp',
        term: 'WARP',
        definition: 'The warp.',
        taught: { lesson: 'inside-a-gpu', section: 'simt-threads-in-warps-of-32' },
        related: ['sm'],
        matches: ['warp'],
      },
      expect.objectContaining({ id: 'sm', related: ['warp'] }),
    ]);
  });

  it('rejects data that is not a list of mappings', () => {
    expect(messages({ warp: {} })).toEqual(['the glossary must be a list of entries']);
    expect(messages(['warp'])).toEqual(['is not a mapping of fields (id, term, definition, …)']);
  });

  it('names missing, unknown and malformed fields', () => {
    const noId: Record<string, unknown> = raw('warp');
    delete noId.id;
    expect(messages([noId])).toEqual(['lacks "id"']);
    expect(messages([raw('warp', { teaches: 'x' })])).toEqual([
      'unknown field "teaches" (an entry has id, term, definition, taught, related, matches)',
    ]);
    expect(messages([raw('Warp_1')])).toEqual([
      'id must be lowercase letters and digits joined by hyphens, e.g. "kv-cache"',
    ]);
    expect(messages([raw('warp', { term: ' ', definition: 3 })])).toEqual([
      'term must be text',
      'definition must be text',
    ]);
    expect(messages([raw('warp', { taught: 'inside-a-gpu' })])).toEqual([
      'taught must be lesson-slug/heading-id, e.g. "inside-a-gpu/simt"',
    ]);
    expect(messages([raw('warp', { related: 'sm', matches: [''] })])).toEqual([
      'related must be a list of text',
      'matches must be a list of text',
    ]);
  });

  it('finds repeated ids and names, bad related ids, and spellings claimed twice', () => {
    expect(messages([raw('warp'), raw('sm'), raw('sm', { term: 'Other', matches: [] })])).toEqual([
      'id "sm" is also entry 2\'s',
    ]);
    expect(messages([raw('warp'), raw('sm', { term: 'warp', matches: [] })])).toEqual([
      'term "warp" is also entry 1\'s',
    ]);
    expect(messages([raw('warp', { related: ['warp', 'nope', 'nope'] })])).toEqual([
      'related names the entry itself',
      'related names "nope", which no entry has as its id',
      'related names "nope", which no entry has as its id',
      'related names "nope" twice',
    ]);
    expect(
      messages([raw('warp', { matches: ['warps', 'warps'] }), raw('sm', { matches: ['warps'] })]),
    ).toEqual([
      'the spelling "warps" is listed twice',
      'the spelling "warps" already links to "warp"',
    ]);
  });

  it('does not call an entry with its own faults unknown to the entries relating to it', () => {
    expect(messages([raw('warp'), raw('sm', { term: 3 })])).toEqual(['term must be text']);
  });

  it('throws one error naming the file, the line and the entry of every fault', () => {
    const data = [raw('warp'), raw('sm', { related: ['nope'] }), { term: 'x' }];
    const lineOf = (index: number, field?: string) => (field === 'related' ? 40 : 10 * index);
    let error: unknown;
    try {
      parseGlossary(data, { file: 'content/glossary.yaml', lineOf });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GlossaryError);
    expect((error as GlossaryError).faults).toHaveLength(6);
    expect((error as Error).message).toBe(
      [
        'content/glossary.yaml: the glossary has 6 problems:',
        '  content/glossary.yaml:20: entry 3: lacks "id"',
        '  content/glossary.yaml:20: entry 3: lacks "definition"',
        '  content/glossary.yaml:20: entry 3: lacks "taught"',
        '  content/glossary.yaml:20: entry 3: lacks "related"',
        '  content/glossary.yaml:20: entry 3: lacks "matches"',
        '  content/glossary.yaml:40: entry 2 ("sm"): related names "nope", which no entry has as its id',
      ].join('\n'),
    );
  });
});
