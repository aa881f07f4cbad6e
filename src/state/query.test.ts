import { describe, expect, it } from 'vitest';
import {
  buildHash,
  buildQuery,
  MAX_QUERY_CHARS,
  MAX_QUERY_PAIRS,
  parseQuery,
  splitHash,
} from './query';

const pairsOf = (query: string) => [...parseQuery(query).params];

describe('splitHash', () => {
  it('splits at the first ? and drops the #', () => {
    expect(splitHash('#/lesson/why-gpus/section?a.b=1&c=2?')).toEqual({
      path: '/lesson/why-gpus/section',
      query: 'a.b=1&c=2?',
    });
    expect(splitHash('#/lesson/x')).toEqual({ path: '/lesson/x', query: '' });
    expect(splitHash('')).toEqual({ path: '', query: '' });
  });
});

describe('parseQuery', () => {
  it('reads pairs in order, decoding percent-escapes and + as space', () => {
    expect(pairsOf('race.tasks=1000&race.serial=5&note=a+b%20c&gpus=a,b&flag')).toEqual([
      ['race.tasks', '1000'],
      ['race.serial', '5'],
      ['note', 'a b c'],
      ['gpus', 'a,b'],
      ['flag', ''],
    ]);
    expect(pairsOf('a=x=y')).toEqual([['a', 'x=y']]);
  });

  it('drops empty keys, keeps the last of repeated keys', () => {
    expect(pairsOf('=1&&a=1&b=2&a=3&&&===')).toEqual([
      ['b', '2'],
      ['a', '3'],
    ]);
    expect(parseQuery('&&&===').notices).toEqual([]);
  });

  it('drops malformed encoding and control characters with one notice, never throwing', () => {
    const parsed = parseQuery('a=%E0%A4%A&b=%zz&c=%00&d=%E2%80%AE&e=ok&f=\u0007&g=%ED%A0%80');
    expect([...parsed.params]).toEqual([['e', 'ok']]);
    expect(parsed.notices).toEqual([
      '6 settings in the link could not be read; they were ignored.',
    ]);
    expect(parseQuery('a=\ud800').notices).toEqual([
      'One setting in the link could not be read; it was ignored.',
    ]);
  });

  it('keeps prototype names as plain Map keys', () => {
    const { params } = parseQuery('__proto__=1&constructor=2&__proto__.polluted=3');
    expect(params.get('__proto__')).toBe('1');
    expect(params.get('constructor')).toBe('2');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('caps the length and the number of pairs, with notices', () => {
    const long = parseQuery(`a=1&b=${'x'.repeat(MAX_QUERY_CHARS)}`);
    expect([...long.params]).toEqual([['a', '1']]);
    expect(long.notices).toEqual([
      'The link is too long; only its first 4,096 characters were read.',
    ]);
    const many = parseQuery(Array.from({ length: 300 }, (_, i) => `k${i}=1`).join('&'));
    expect(many.params.size).toBe(MAX_QUERY_PAIRS);
    expect(many.params.has('k199')).toBe(true);
    expect(many.notices).toEqual(['The link has more than 200 settings; the rest were ignored.']);
  });
});

describe('buildQuery and buildHash', () => {
  it('encodes what must be encoded and keeps . , - readable', () => {
    expect(
      buildQuery([
        ['race.gpus', 'a100-sxm-80gb,h100-sxm'],
        ['n', 'a&b=c+d %'],
      ]),
    ).toBe('race.gpus=a100-sxm-80gb,h100-sxm&n=a%26b%3Dc%2Bd%20%25');
    expect(buildHash('/lesson/x/widget-race', [['race.tasks', '5']])).toBe(
      '#/lesson/x/widget-race?race.tasks=5',
    );
    expect(buildHash('/lesson/x', [])).toBe('#/lesson/x');
  });

  it('round-trips any text, even lone surrogates (made well-formed)', () => {
    const texts = ['1e+21', 'a b', '%', '&=?#', 'é中😀', '<script>', ','];
    const query = buildQuery(texts.map((t, i) => [`k${i}.${t}`, t]));
    expect(pairsOf(query)).toEqual(texts.map((t, i) => [`k${i}.${t}`, t]));
    expect(pairsOf(buildQuery([['a', 'x\ud800']]))).toEqual([['a', 'x\ufffd']]);
  });
});
