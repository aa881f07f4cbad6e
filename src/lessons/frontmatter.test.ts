import { describe, expect, it } from 'vitest';
import { FrontmatterError, orderLessons, slugFromPath, validateFrontmatter } from './frontmatter';

const good = {
  title: 'Why GPUs',
  order: 1,
  readingMinutes: 25,
  summary: 's',
  objectives: ['a', 'b', 'c'],
};

describe('frontmatter', () => {
  it('derives slugs from file names without the order prefix', () => {
    expect(slugFromPath('content/01-why-gpus.mdx')).toBe('why-gpus');
    expect(slugFromPath('/content/10_networks.mdx')).toBe('networks');
  });

  it('accepts a complete frontmatter', () => {
    expect(validateFrontmatter('content/01-why-gpus.mdx', good)).toMatchObject({
      slug: 'why-gpus',
      order: 1,
    });
  });

  it.each([
    [undefined, /frontmatter is missing/],
    [{ ...good, title: '' }, /"title"/],
    [{ ...good, order: 1.5 }, /"order"/],
    [{ ...good, readingMinutes: -3 }, /"readingMinutes"/],
    [{ ...good, objectives: ['only one'] }, /3 to 7/],
    [{ ...good, summary: 3 }, /"summary"/],
  ])('rejects %j naming the file and field', (data, message) => {
    expect(() => validateFrontmatter('content/x.mdx', data)).toThrow(FrontmatterError);
    expect(() => validateFrontmatter('content/x.mdx', data)).toThrow(message);
    expect(() => validateFrontmatter('content/x.mdx', data)).toThrow(/content\/x\.mdx/);
  });

  it('orders lessons and refuses duplicate orders', () => {
    const a = validateFrontmatter('content/02-b.mdx', { ...good, order: 2 });
    const b = validateFrontmatter('content/01-a.mdx', good);
    expect(orderLessons([a, b]).map((l) => l.slug)).toEqual(['a', 'b']);
    expect(() => orderLessons([b, { ...a, order: 1 }])).toThrow(/share order 1/);
  });
});
