import { describe, expect, it } from 'vitest';
import { parseCmi5Launch, parseLaunchData, readCmi5Launch } from './cmi5-launch';
import { CMI5 } from './cmi5-statements';
import { ACTOR, AU, REGISTRATION, launchSearch } from './testing/fixtures';

describe('readCmi5Launch', () => {
  it('reads all five parameters and ends the endpoint with a slash', () => {
    expect(parseCmi5Launch(launchSearch())).toEqual({
      endpoint: 'https://lrs.example/xapi/',
      fetchUrl: 'https://lms.example/token?k=1',
      actor: ACTOR,
      registration: REGISTRATION,
      activityId: AU,
    });
    expect(parseCmi5Launch(launchSearch({ endpoint: 'https://lrs.example/xapi/' }))?.endpoint).toBe(
      'https://lrs.example/xapi/',
    );
  });

  it('is silent without any launch parameter', () => {
    expect(readCmi5Launch('')).toEqual({ launch: null, problem: null });
    expect(readCmi5Launch('?utm_source=x')).toEqual({ launch: null, problem: null });
  });

  it.each([
    [{ fetch: null }, /lacks fetch/],
    [{ endpoint: null, registration: null }, /lacks endpoint, registration/],
    [{ endpoint: 'javascript:alert(1)' }, /endpoint/],
    [{ fetch: '/relative' }, /fetch/],
    [{ registration: 'not-a-uuid' }, /registration/],
    [{ activityId: 'no scheme' }, /activityId/],
    [{ actor: '{' }, /actor is not JSON/],
    [{ actor: '{"name":"Ada"}' }, /identifier/],
    [{ actor: '{"__proto__":{},"mbox":"mailto:a@b.c"}' }, /fields/],
  ])('refuses %j with a problem to show', (overrides, problem) => {
    const read = readCmi5Launch(launchSearch(overrides));
    expect(read.launch).toBeNull();
    expect(read.problem).toMatch(problem);
  });
});

describe('readCmi5Launch bounds', () => {
  it('refuses an over-long activityId', () => {
    const read = readCmi5Launch(launchSearch({ activityId: `https://x/${'a'.repeat(3000)}` }));
    expect(read.launch).toBeNull();
    expect(read.problem).toMatch(/activityId/);
  });
});

describe('parseLaunchData', () => {
  it('keeps what it understands and falls back to defaults', () => {
    expect(parseLaunchData(null)).toEqual({
      launchMode: 'Normal',
      masteryScore: null,
      moveOn: null,
      returnURL: null,
      contextTemplate: {},
    });
    expect(
      parseLaunchData({
        launchMode: 'Review',
        masteryScore: 0.9,
        moveOn: 'Passed',
        returnURL: 'https://lms.example/back',
        contextTemplate: { extensions: { [CMI5.sessionId]: 's-1' } },
        launchMethod: 'AnyWindow',
      }),
    ).toEqual({
      launchMode: 'Review',
      masteryScore: 0.9,
      moveOn: 'Passed',
      returnURL: 'https://lms.example/back',
      contextTemplate: { extensions: { [CMI5.sessionId]: 's-1' } },
    });
    expect(
      parseLaunchData({ launchMode: 'Evil', masteryScore: 7, returnURL: 'javascript:x' }),
    ).toEqual(parseLaunchData(null));
  });
});
