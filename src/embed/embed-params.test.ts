import { describe, expect, it } from 'vitest';
import { MAX_ACTOR_PARAM_CHARS, parseEmbedParams } from './embed-params';

const parse = (pairs: Record<string, string>) => parseEmbedParams(new Map(Object.entries(pairs)));

describe('parseEmbedParams', () => {
  it('gives nulls and no notices for an empty query', () => {
    expect(parse({})).toEqual({
      theme: null,
      frame: null,
      actor: null,
      mastery: null,
      scoring: 'first',
      tools: false,
      notices: [],
    });
  });

  it('reads good values and ignores widget keys', () => {
    const actor = { name: 'Ada', mbox: 'mailto:ada@example.org' };
    expect(
      parse({
        theme: 'dark',
        frame: 'lesson_3-a',
        actor: JSON.stringify(actor),
        mastery: '0.8',
        'race.tasks': '1000',
      }),
    ).toEqual({
      theme: 'dark',
      frame: 'lesson_3-a',
      actor,
      mastery: 0.8,
      scoring: 'first',
      tools: false,
      notices: [],
    });
    expect(parse({ theme: 'light' }).theme).toBe('light');
  });

  it.each([
    ['0', 0],
    ['1', 1],
    ['1.0', 1],
    ['.75', 0.75],
    ['0.333333', 0.333333],
  ])('reads mastery %s as %d', (text, value) => {
    expect(parse({ mastery: text }).mastery).toBe(value);
  });

  it.each([
    ['theme', 'blue', /theme/],
    ['theme', '', /theme/],
    ['frame', 'has space', /frame/],
    ['frame', 'x'.repeat(65), /frame/],
    ['frame', '', /frame/],
    ['frame', '<script>', /frame/],
    ['mastery', '1.5', /mastery/],
    ['mastery', '-0.1', /mastery/],
    ['mastery', 'NaN', /mastery/],
    ['mastery', 'Infinity', /mastery/],
    ['mastery', '0x1', /mastery/],
    ['mastery', '1e-1', /mastery/],
    ['mastery', '', /mastery/],
    ['actor', 'not json', /actor.*not JSON/],
    ['actor', '{"name":"Ada"}', /actor.*identifier/],
    ['actor', '[]', /actor/],
    ['actor', '{"__proto__":{"x":1},"mbox":"mailto:a@b.c"}', /actor/],
    [
      'actor',
      JSON.stringify({ mbox: `mailto:${'a'.repeat(MAX_ACTOR_PARAM_CHARS)}@b.c` }),
      /too long/,
    ],
  ])('ignores %s=%s with a notice', (key, value, notice) => {
    const params = parse({ [key]: value });
    expect(params[key as 'theme' | 'frame' | 'actor' | 'mastery']).toBeNull();
    expect(params.notices).toHaveLength(1);
    expect(params.notices[0]).toMatch(notice);
  });

  it.each(['first', 'last', 'best'] as const)('reads attempts=%s as the score policy', (policy) => {
    expect(parse({ attempts: policy })).toMatchObject({ scoring: policy, notices: [] });
  });

  it.each(['1', '0'])('reads tools=%s', (value) => {
    expect(parse({ tools: value })).toMatchObject({ tools: value === '1', notices: [] });
  });

  it.each([
    ['attempts', 'all', /attempts.*first answer is scored/],
    ['attempts', 'FIRST', /attempts/],
    ['attempts', '', /attempts/],
    ['tools', 'yes', /tools.*stay hidden/],
    ['tools', '', /tools/],
  ])('ignores %s=%s with a notice, keeping the default', (key, value, notice) => {
    const params = parse({ [key]: value });
    expect(params).toMatchObject({ scoring: 'first', tools: false });
    expect(params.notices).toHaveLength(1);
    expect(params.notices[0]).toMatch(notice);
  });

  it('quotes bad values short and without invisible characters', () => {
    const [notice] = parse({ theme: `\u202e${'z'.repeat(500)}` }).notices;
    expect(notice).toBeDefined();
    expect(notice?.length).toBeLessThan(150);
    expect(notice).not.toMatch(/\u202e/);
  });
});
